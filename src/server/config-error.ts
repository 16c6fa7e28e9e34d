/** The environment does not describe a shop that can start: its message says what to change. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
