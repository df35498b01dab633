# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by build-aux/run, build-aux/test and build-aux/screenshots:
# installs the dependencies, then configures and builds $builddir with an
# installation prefix inside it (so that translations, icons and schemas are
# found when the app runs from there). Exits on failure.

srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${IMHOTEP_BUILDDIR:-$srcdir/_build}
prefix=$builddir/prefix

"$srcdir/build-aux/install-deps" || exit 1

# CI holds the build to being free of warnings; a local build only shows them.
werror=false
if [ -n "${CI:-}" ]; then
  werror=true
fi

if [ ! -f "$builddir/build.ninja" ]; then
  meson setup "$builddir" "$srcdir" --prefix="$prefix" -Dwerror="$werror" || exit 1
fi
meson compile -C "$builddir" || exit 1
