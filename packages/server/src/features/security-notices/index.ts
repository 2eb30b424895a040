export { announceChange, notify } from './announce.ts';
export { type UndoableKind, undoTokenValue } from './changes.ts';
export { noticeNewSignIn } from './new-sign-in.ts';
