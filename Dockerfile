# Quire in a container: `docker build -t quire .`, then see docker-compose.yml and README "Production".
# Two stages: the build stage installs everything (`npm ci`) and compiles the server and the web app; the
# runtime stage keeps production dependencies, the compiled output and nothing else, and runs as `node`.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# argon2's prebuilt binary crashes on Node 20, so its install script compiles it: node-gyp needs these.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# Manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY db/package.json db/
COPY api/package.json api/
COPY compat-rest/package.json compat-rest/
COPY server/package.json server/
COPY web/package.json web/
COPY test/package.json test/
RUN npm ci
COPY . .
RUN npm run build \
  && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=4000 \
    HOST=0.0.0.0 \
    QUIRE_DATA_DIR=/data \
    QUIRE_WEB_DIST=/app/web/dist
WORKDIR /app
COPY --from=build /app/package.json /app/codegen.yml ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
# The data folder (embedded database, uploads, pre-upgrade copies) belongs to the unprivileged user.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4000
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# V8's heap flags as everywhere Quire starts (server/node-flags.json says why; NODE_OPTIONS refuses one).
CMD ["node", "--max-old-space-size=1536", "--max-semi-space-size=4", "--heap-growing-percent=20", "dist/server/src/main.js"]
