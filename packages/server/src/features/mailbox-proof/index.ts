export {
  afterClaim,
  claimProvenAddress,
  findOrCreateProvenUser,
  type MailboxProof,
  type ProvenAddress,
  type ProvenUser,
  removeUnprovenAccess,
  secretStillFits,
} from './service.ts';
