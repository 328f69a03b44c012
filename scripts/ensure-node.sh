#!/usr/bin/env bash
# Prints the folder of a Node.js the project supports (22.12 or newer): the machine's own when it
# is new enough, else Node.js 22 fetched once from the npm registry (the official build, packaged
# as node-linux-<arch>) into .tools/. Use: PATH="$(scripts/ensure-node.sh):$PATH".
set -euo pipefail
cd "$(dirname "$0")/.."
NODE_VERSION=22.23.3

if command -v node >/dev/null 2>&1 &&
  node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)'; then
  dirname "$(command -v node)"
  exit 0
fi

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "ensure-node: no packaged Node.js for $(uname -m); install Node.js 22.12 or newer" >&2; exit 1 ;;
esac
dir=".tools/node-$NODE_VERSION"
bin="$dir/node_modules/node-linux-$arch/bin"
if [ ! -x "$bin/node" ]; then
  echo "Installing Node.js $NODE_VERSION from the npm registry into $dir (this machine has $(node -v 2>/dev/null || echo none))" >&2
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    "node-linux-$arch@$NODE_VERSION" >&2
fi
(cd "$bin" && pwd)
