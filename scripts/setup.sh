#!/bin/sh
# Installs the project's dependencies with npm running on the project's pinned Node 24.
# npm itself starts on whatever Node the machine has (20 here), and then warns about
# every package that requires Node 22+; running it on the pinned Node avoids that noise
# and any engine-dependent resolution. See docs/decisions/0001-node-24-pin.md.
set -eu
cd "$(dirname "$0")/.."
node_version=$(sed -n 's/.*"node": "\([0-9.]*\)".*/\1/p' package.json | head -n 1)
toolchain=.toolchain
if [ ! -x "$toolchain/node_modules/.bin/node" ] || [ "$("$toolchain/node_modules/.bin/node" --version)" != "v$node_version" ]; then
  echo "Fetching Node $node_version for the install..."
  rm -rf "$toolchain"
  npm install --prefix "$toolchain" --no-save --no-package-lock --loglevel=error "node@$node_version" >/dev/null
fi
PATH="$PWD/$toolchain/node_modules/.bin:$PATH" npm ci "$@"
