# syntax=docker/dockerfile:1
# One image for every Touchline process: the eight services, the gateway (with the built web app)
# and the migration entry. The Deployment picks the process by its argument, for example
#   args: ["dist/server/identity.js"]      (default: the gateway)
# Why one image rather than one per service: every process shares libs/kit and so ~95% of its
# production dependencies (grpc, pg, kafkajs, OpenTelemetry...). One image is built, scanned, signed
# and promoted once, a release is one digest, and a node pulls the layers once for all its pods.
# The price: each pod carries the other processes' JavaScript (~1 MB) and the web app (~1 MB).
#
# BUILD_IMAGE needs node, npm and a POSIX shell; BASE_IMAGE needs only node (no shell, no npm):
# the process starts in exec form. Defaults are public images on Node 24 (LTS); keep both on the same
# release line. tools/deploy/src/base-images.ts assembles local ones for machines that cannot pull
# (npm run images:check), with the Node release BUILD_IMAGE names.
ARG BUILD_IMAGE=docker.io/library/node:24.21.0-bookworm-slim
ARG BASE_IMAGE=gcr.io/distroless/nodejs24-debian12:nonroot

# ---- manifests: the lockfile and every workspace's package.json (keeps the install layers cached)
FROM ${BUILD_IMAGE} AS manifests
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY libs/kit/package.json libs/kit/
COPY libs/contract/package.json libs/contract/
COPY libs/rules/package.json libs/rules/
COPY protos/package.json protos/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY services/identity/package.json services/identity/
COPY services/wallet-payments/package.json services/wallet-payments/
COPY services/cards-market/package.json services/cards-market/
COPY services/trading/package.json services/trading/
COPY services/missions/package.json services/missions/
COPY services/matchday/package.json services/matchday/
COPY services/leaderboard/package.json services/leaderboard/
COPY services/notifications/package.json services/notifications/
COPY services/admin/package.json services/admin/
COPY tools/launcher/package.json tools/launcher/
COPY tools/bench/package.json tools/bench/
COPY tools/deploy/package.json tools/deploy/
COPY tools/chaos/package.json tools/chaos/

# ---- build: full install from the lockfile, then protos types, the web app and the server bundles
FROM manifests AS build
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

# ---- prod-deps: production dependencies of the server workspaces only (no vite, tsx, react...)
FROM manifests AS prod-deps
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
      -w @touchline/gateway -w @touchline/identity -w @touchline/wallet-payments \
      -w @touchline/cards-market -w @touchline/trading -w @touchline/missions -w @touchline/matchday \
      -w @touchline/leaderboard -w @touchline/notifications -w @touchline/admin \
 && rm -rf node_modules/@touchline node_modules/.package-lock.json

# ---- runtime
FROM ${BASE_IMAGE}
WORKDIR /app
# distroless keeps node in /nodejs/bin; the local base puts it there too.
ENV PATH=/nodejs/bin:/usr/local/bin:/usr/bin:/bin \
    NODE_ENV=production \
    WEB_DIST=/app/web/dist \
    DATA_DIR=/tmp/touchline
COPY --from=prod-deps /src/node_modules ./node_modules
COPY --from=build /src/dist ./dist
COPY --from=build /src/web/dist ./web/dist
# Numeric, so runAsNonRoot can verify it; 65532 is "nonroot" in distroless and in the local base.
USER 65532:65532
EXPOSE 8080 50051
ENTRYPOINT ["node", "--enable-source-maps"]
CMD ["dist/server/gateway.js"]
