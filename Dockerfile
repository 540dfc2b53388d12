# syntax=docker/dockerfile:1
# Multi-stage build: dependencies and build in one stage, a slim runtime with Litestream in the last.
FROM node:22-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /app

FROM base AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
RUN npm ci --include=dev --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM litestream/litestream:0.3.13 AS litestream

FROM base AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates sqlite3 && rm -rf /var/lib/apt/lists/*
COPY --from=litestream /usr/local/bin/litestream /usr/local/bin/litestream
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/drizzle ./drizzle
COPY --from=build --chown=node:node /app/package.json /app/server.mjs ./
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/app ./app
COPY --from=build --chown=node:node /app/db ./db
COPY --from=build --chown=node:node /app/tsconfig.json ./
COPY litestream.yml /etc/litestream.yml
RUN mkdir -p /data && chown node:node /data
USER node
ENV PORT=3000 DATABASE_PATH=/data/vigimmo.db
EXPOSE 3000
CMD ["/app/scripts/docker-start.sh"]
