FROM node:20-bookworm-slim
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
CMD ["npx", "tsx", "backend/src/main.ts"]
