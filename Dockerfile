# syntax=docker/dockerfile:1
# The workspace as one image: the SPA built, the server compiled ahead of time (no TypeScript at run time),
# only the server's runtime dependencies, a non-root user and a health check. See README › Running at scale.

ARG NODE_IMAGE=node:22-bookworm-slim

# ── manifests: what npm needs to install (the workspaces' package.json files and the lockfile) ─────────────
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/ui/package.json packages/ui/
COPY packages/api-client/package.json packages/api-client/
COPY packages/app/package.json packages/app/
COPY packages/server/package.json packages/server/
COPY tests/package.json tests/

# ── build: every workspace's dependencies, then `npm run build` (SPA + dist/server.js) ──────────────────────
FROM manifests AS build
# The lockfile lists only linux-x64's optional binaries; npm ci may refuse it as out of sync (docs/decisions.md).
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
RUN npm run build

# ── deps: the server's runtime dependencies only ───────────────────────────────────────────────────────────
FROM manifests AS deps
RUN npm ci --omit=dev -w @crw/server --no-audit --no-fund \
  || npm install --omit=dev -w @crw/server --no-audit --no-fund

# ── runtime ────────────────────────────────────────────────────────────────────────────────────────────────
FROM ${NODE_IMAGE}
# MALLOC_TRIM_THRESHOLD_: as the server's start script sets it (scripts/start-env.mjs says why).
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/packages/server/package.json ./packages/server/package.json
COPY --from=build /app/packages/server/dist ./packages/server/dist
COPY --from=build /app/packages/server/drizzle ./packages/server/drizzle
COPY --from=build /app/packages/app/dist ./packages/app/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains the instance (health 503 draining, requests finished, sockets sent elsewhere, jobs handed back,
# the database and Redis closed) within 5 s, exit 0 (README › Self-hosting with Docker).
STOPSIGNAL SIGTERM
CMD ["node", "packages/server/dist/server.js"]
