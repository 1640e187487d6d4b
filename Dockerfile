FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY projections/package.json projections/
COPY search/package.json search/
COPY frontend/site/package.json frontend/site/
COPY frontend/admin/package.json frontend/admin/
# Dev dependencies are needed: the server runs TypeScript with tsx and the site is built here.
RUN npm ci --include=dev && npm cache clean --force
COPY . .
RUN npm run build
USER node
EXPOSE 3000
# node itself as PID 1 (not npx → tsx → node, whose signal relay could kill the server mid-stop): `docker stop`'s
# SIGTERM runs the one ordered stop and the container ends with "stopped cleanly in … s" (docs/operations.md).
CMD ["node", "--import", "tsx", "backend/src/main.ts"]
