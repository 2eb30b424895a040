export {
  claimProvenAddress,
  findOrCreateProvenUser,
  type MailboxProof,
  type ProvenAddress,
  type ProvenUser,
  secretStillFits,
} from './service.ts';
