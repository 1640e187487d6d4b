import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(options: { level?: string; pretty?: boolean } = {}): Logger {
  return pino({
    level: options.level ?? 'info',
    base: undefined,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.code', '*.token'],
      censor: '[redacted]',
    },
    ...(options.pretty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } }
      : {}),
  });
}
