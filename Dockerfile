# syntax=docker/dockerfile:1
# Botica in a container: a thin layer over the production bundle (`pnpm bundle`, see the README's
# "Running in production"). The first stage builds the bundle from the sources; the image itself is
# Node 24 slim (Debian 12) with the bundle alone (the API, the built portal, the migrations, the
# operations commands, production dependencies), run as the unprivileged `node` user.
#
#   docker build -t botica .                  # podman: podman build --format docker -t botica .
#                                             # (podman's default OCI format drops the HEALTHCHECK)
#   docker run --init -p 127.0.0.1:8080:8080 --env-file botica.env botica
#
# botica.env holds DATABASE_URL (and DATABASE_PASSWORD, any characters), SMTP_URL, PORTAL_URL and the
# laboratory's identity (LAB_*): a production start refuses to run without them (apps/api/README.md).
# Every command runs inside it too: `docker exec … node registrations.js list`, `node migrate.js`,
# `node import-csv.js …`, `node configurations.js …`. `docker compose up` (compose.yaml) runs it
# with its PostgreSQL.

# The base of both stages: Node 24 on Debian 12, slim. The release pins it by digest (README,
# "Running in production"): on a machine that reaches the registry,
#   docker buildx imagetools inspect node:24-bookworm-slim   # or: skopeo inspect --format '{{.Digest}}' docker://docker.io/library/node:24-bookworm-slim
# prints the digest (sha256:…), and this one line becomes `ARG NODE_IMAGE=node:24-bookworm-slim@sha256:…`
# (or a CI build passes `--build-arg NODE_IMAGE=…@sha256:…`). Pinned, the same commit always builds on
# the same bytes; the bare tag follows every Node 24 and Debian point release. Only the registry knows
# the digest: never write one by hand.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
ENV CI=1 TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 TURBO_NO_UPDATE_NOTIFIER=1
RUN npm install --global pnpm@10.34.9
WORKDIR /repo
# The packages first, from the lockfile alone: this layer is reused until the lockfile changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
# `--build-arg BUNDLE_EMBEDDED_DATABASE=on` keeps PGlite in the bundle, for a trial without PostgreSQL
# (ALLOW_EMBEDDED_DATABASE=on); production leaves it out.
ARG BUNDLE_EMBEDDED_DATABASE=off
RUN pnpm install --frozen-lockfile --offline && pnpm bundle

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data/pglite \
    MAIL_DIR=/data/mail
WORKDIR /app
COPY --from=build /repo/dist/botica ./
# Only PGlite (ALLOW_EMBEDDED_DATABASE=on, no DATABASE_URL, in an image built with it) and mail files
# (ALLOW_FILE_MAIL=on) write to disk, under /data: its own volume, belonging to the server's user.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
# Slim images have no curl: Node asks /healthz itself.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
