/**
 * A small levelled logger writing one line per event to stderr (stdout for info).
 * Format 'text' (the default): `<time> <LEVEL> <message> <fields as JSON>`; format 'json'
 * (LOG_FORMAT=json): one JSON object per line, `{time, level, message, ...fields}`.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFormat = 'text' | 'json';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createLogger(
  level: LogLevel = 'info',
  write: (line: string, level: LogLevel) => void = defaultWrite,
  format: LogFormat = 'text',
): Logger {
  const emit = (l: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (RANK[l] < RANK[level]) return;
    if (format === 'json') {
      // the fixed keys last, so that a field cannot replace them
      write(safeJson({ ...fields, time: new Date().toISOString(), level: l, message }), l);
      return;
    }
    const extra = fields && Object.keys(fields).length ? ` ${safeJson(fields)}` : '';
    write(`${new Date().toISOString()} ${l.toUpperCase().padEnd(5)} ${message}${extra}`, l);
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  };
}

function defaultWrite(line: string, level: LogLevel): void {
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v) =>
      v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v,
    );
  } catch {
    return '[unserialisable]';
  }
}

/** A logger that keeps every line, for tests. */
export function createMemoryLogger(): Logger & { lines: { level: LogLevel; line: string }[] } {
  const lines: { level: LogLevel; line: string }[] = [];
  const logger = createLogger('debug', (line, level) => lines.push({ level, line }));
  return Object.assign(logger, { lines });
}
