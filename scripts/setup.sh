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
# Skip the reinstall when nothing it depends on changed since the last one: the
# lockfile, package.json and the Node version, recorded after a good
# install. A fresh clone has no record, and arguments (e.g. --omit=dev) always install.
stamp=node_modules/.setup-stamp
fingerprint=$(cat package-lock.json package.json | sha256sum | cut -d' ' -f1)-$node_version
if [ "$#" -eq 0 ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$fingerprint" ]; then
  echo "Dependencies are up to date with package-lock.json; skipping npm ci."
  exit 0
fi
# No install script downloads a browser or a Java runtime: package.json's allowScripts
# denies puppeteer's and vnu-jar's, and the tests use Debian's Chromium (its headless shell) and java
# (scripts/test.ts installs them); PUPPETEER_SKIP_DOWNLOAD says so to puppeteer as well.
PUPPETEER_SKIP_DOWNLOAD=1 PATH="$PWD/$toolchain/node_modules/.bin:$PATH" npm ci "$@"
if [ "$#" -eq 0 ]; then echo "$fingerprint" >"$stamp"; fi
