import { spawn } from 'node:child_process';

/**
 * `npm run dev`: the API (restarted on change by tsx watch) and the Vite dev server with HMR,
 * which proxies /api and the feeds to the API. Ctrl-C stops both.
 */
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'backend/src/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      // Pages served by Vite post from its origin; the CSRF check accepts only listed origins.
      ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? 'http://localhost:5173,http://127.0.0.1:5173',
    },
  }),
  spawn('npx', ['vite', '--config', 'frontend/site/vite.config.ts'], { stdio: 'inherit', env: process.env }),
];

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
