export { announceChange, type NoticeRecipient, notify, undoPageURL } from './announce.ts';
export { type Notice, type UndoableChange, type UndoableKind, type UndoTokenValue, undoTokenValue } from './changes.ts';
export { noticeNewSignIn } from './new-sign-in.ts';
