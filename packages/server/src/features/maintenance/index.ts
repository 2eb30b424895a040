export { startSweeper } from './sweep.ts';
