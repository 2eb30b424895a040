export {
  afterClaim,
  claimProvenAddress,
  findOrCreateProvenUser,
  hasWaysInBeyondPassword,
  type MailboxProof,
  type ProvenAddress,
  type ProvenUser,
  removeUnprovenAccess,
  secretStillFits,
} from './service.ts';
