import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(
  options: {
    level?: string;
    pretty?: boolean;
    /** Where the JSON lines go (default stdout): tests read what would be logged. */
    destination?: pino.DestinationStream;
  } = {},
): Logger {
  const logOptions: pino.LoggerOptions = {
    level: options.level ?? 'info',
    base: undefined,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.code', '*.token'],
      censor: '[redacted]',
    },
    ...(options.pretty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } }
      : {}),
  };
  return options.destination ? pino(logOptions, options.destination) : pino(logOptions);
}
