/** A configuration the service cannot start with; the message names the key and what is wrong. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
