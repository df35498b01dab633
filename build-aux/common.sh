# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by build-aux/run, build-aux/test and build-aux/screenshots:
# installs the dependencies, then configures and builds $builddir with an
# installation prefix inside it (so that translations, icons and schemas are
# found when the app runs from there). Exits on failure.
#
# Two builds: the scripts that test (build-aux/test, build-aux/screenshots)
# use _build (or $IMHOTEP_BUILDDIR), meson's debugoptimized default, where
# NDEBUG is not set and the engine checks its invariants after every
# decision; build-aux/run sets imh_release=1 before sourcing this and gets
# _build-release (or $IMHOTEP_RELEASE_BUILDDIR), a release build
# (b_ndebug=if-release: NDEBUG, no invariant checks), as fast as the app a
# user installs.

srcdir=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${imh_release:-}" ]; then
  builddir=${IMHOTEP_RELEASE_BUILDDIR:-$srcdir/_build-release}
  setup_options=(--buildtype=release -Db_ndebug=if-release)
else
  builddir=${IMHOTEP_BUILDDIR:-$srcdir/_build}
  setup_options=()
fi
prefix=$builddir/prefix

"$srcdir/build-aux/install-deps" || exit 1

# CI holds the build to being free of warnings; a local build only shows them.
werror=false
if [ -n "${CI:-}" ]; then
  werror=true
fi

if [ ! -f "$builddir/build.ninja" ]; then
  meson setup "$builddir" "$srcdir" --prefix="$prefix" -Dwerror="$werror" "${setup_options[@]}" || exit 1
else
  # A build directory set up by hand (meson setup _build) installs into
  # /usr/local: point it at its own prefix, so that the scripts' `meson
  # install` never writes outside the build directory.
  current=$(meson introspect "$builddir" --buildoptions 2>/dev/null \
            | python3 -c 'import json, sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))' \
            2>/dev/null || true)
  if [ "$current" != "$prefix" ]; then
    meson configure "$builddir" --prefix="$prefix" >/dev/null || exit 1
  fi
fi
meson compile -C "$builddir" || exit 1
