# syntax=docker/dockerfile:1
# Multi-stage build: dependencies and build in one stage, a slim runtime with Litestream in the last.
# .dockerignore keeps this machine's node_modules, builds, databases and secrets out of `COPY . .`.
# --build-arg LITEFS=on (fly.litefs.toml) adds LiteFS and FUSE for the multi-machine mode
# (litefs.yml, docs/decisions/029-litefs-replicas.md); the default image has neither.
ARG LITEFS=off
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

# The LiteFS binary, or nothing: the runtime copies /opt/litefs/ from the stage LITEFS names.
FROM flyio/litefs:0.5 AS litefs-image
FROM busybox:1.36 AS litefs-on
COPY --from=litefs-image /usr/local/bin/litefs /opt/litefs/litefs
FROM busybox:1.36 AS litefs-off
RUN mkdir -p /opt/litefs
FROM litefs-${LITEFS} AS litefs

FROM base AS runtime
ARG LITEFS
# sqlite3: inspecting the database through `fly ssh console`; ca-certificates: Litestream's HTTPS;
# fuse3: LiteFS's mount, only in the LiteFS image.
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates sqlite3 $([ "$LITEFS" = on ] && echo fuse3) && rm -rf /var/lib/apt/lists/*
COPY --from=litestream /usr/local/bin/litestream /usr/local/bin/litestream
COPY --from=litefs /opt/litefs/ /usr/local/bin/
# The app's files stay owned by root: the `node` user that runs the app only reads them.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/package.json /app/server.ts /app/tsconfig.json ./
# The CLIs (npm run make-admin, backup...) run the TypeScript sources through tsx.
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/app ./app
COPY --from=build /app/db ./db
COPY litestream.yml /etc/litestream.yml
COPY litefs.yml /etc/litefs.yml
ENV PORT=3000 DATABASE_PATH=/data/vigimmo.db
EXPOSE 3000
# No USER: Fly mounts the /data volume owned by root (superfly/flyctl#632), so the start script
# begins as root only to give that folder to `node`, then runs Litestream and the app as `node`.
# With LITEFS_DIR set (fly.litefs.toml) it runs `litefs mount` instead, as root (FUSE), which runs
# the migrations and the app (litefs.yml's exec).
CMD ["/app/scripts/docker-start.sh"]
