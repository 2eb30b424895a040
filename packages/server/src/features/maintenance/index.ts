export { type Sweeper, startSweeper, sweepExpired } from './sweep.ts';
