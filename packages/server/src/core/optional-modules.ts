/**
 * Dependencies that only some deployments use: the PostgreSQL and MySQL drivers, Redis,
 * SMTP (and the .eml writer of the outbox), Redis-backed rate limits. They are loaded the
 * first time they are needed, not at start-up, so the embedded default (SQLite, mail to
 * the outbox, rate limits in memory) never pays for them: together they held about
 * 45 MB of memory in every process (docs/performance.md).
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

export const loadPg = () => load('pg') as typeof import('pg');
export const loadMysql2 = () => load('mysql2') as typeof import('mysql2');
export const loadIoredis = () => load('ioredis') as typeof import('ioredis');
export const loadNodemailer = () => load('nodemailer') as typeof import('nodemailer');
export const loadRateLimiterFlexible = () => load('rate-limiter-flexible') as typeof import('rate-limiter-flexible');
