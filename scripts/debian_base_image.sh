#!/usr/bin/env bash
# Make a Python 3.11 base image from Debian 12 (bookworm) packages, for building the
# service image where python:3.11-slim cannot be pulled (no access to Docker Hub, only
# to a Debian mirror). Needs root, debootstrap and docker or podman.
#
#   scripts/debian_base_image.sh [TAG]      # default: localhost/spacy-phi-base:bookworm-py3.11
#
# Environment: DEBIAN_MIRROR (default http://deb.debian.org/debian), BUILDER (docker or
# podman; default: the first that answers).
set -euo pipefail

TAG="${1:-localhost/spacy-phi-base:bookworm-py3.11}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# python3.11-venv depends on the virtual package python3.11-distutils, which debootstrap
# does not resolve: its providers are listed by name. passwd: useradd for the non-root user.
PACKAGES="python3.11,python3.11-venv,python3-distutils,python3-lib2to3,python3-pip-whl,python3-setuptools-whl,passwd"

. "$(dirname "${BASH_SOURCE[0]}")/container_engine.sh"
command -v debootstrap >/dev/null || { echo "debootstrap is not installed (apt-get install debootstrap)." >&2; exit 2; }

root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
# mktemp makes the folder 0700, and the tar of "." carries that to the image's /: then no
# user but root could reach any file (docker: "stat /bin/sh: permission denied").
chmod 0755 "$root"
debootstrap --variant=minbase --include="$PACKAGES" bookworm "$root" "$MIRROR" >&2
# The package cache and lists are not needed in the image.
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
# python:3.11-slim has `python`; Debian names it python3 only.
ln -sf python3 "$root/usr/bin/python"
tar -C "$root" -c . | "$builder" import --change 'CMD ["python3"]' - "$TAG" >&2
echo "$TAG"
