#!/usr/bin/env bash
# Build the spacy_phi service image from the offline wheel set, with no network in the build.
#
#   scripts/build_image.sh [--debian-base] [TAG]          # default TAG: spacy-phi
#
# 1. packages/dist: the en_phi_deid and spacy_phi wheels (`spacy project run package`, from
#    training/phi_deid) and the dependency wheels of REQUIREMENTS-offline.txt (`pip download`,
#    which needs PyPI) are made only when missing.
# 2. The image: `docker build` or `podman build` with --network none, from BASE_IMAGE
#    (default python:3.11-slim, which must be present locally), or with --debian-base from a
#    Python 3.11 base made from Debian packages (scripts/debian_base_image.sh) when Docker Hub
#    is out of reach.
#
# Environment: BUILDER (docker or podman; default: the first that answers), BASE_IMAGE,
# PYTHON (the Python that builds the wheels; default python3).
set -euo pipefail
cd "$(dirname "$0")/.."

DEBIAN_BASE_TAG="localhost/spacy-phi-base:bookworm-py3.11"
debian_base=0
tag="spacy-phi"
for arg in "$@"; do
    case "$arg" in
        --debian-base) debian_base=1 ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        -*) echo "Unknown option: $arg" >&2; exit 2 ;;
        *) tag="$arg" ;;
    esac
done
python="${PYTHON:-python3}"
dist="packages/dist"

. "$(dirname "${BASH_SOURCE[0]}")/container_engine.sh"

if ! compgen -G "$dist/en_phi_deid-*.whl" >/dev/null || ! compgen -G "$dist/spacy_phi-*.whl" >/dev/null; then
    echo "Building the en_phi_deid and spacy_phi wheels (spacy project run package)..." >&2
    "$python" -m spacy project run package .
fi
if ! missing="$("$python" scripts/offline_wheels.py "$dist" --check)"; then
    echo "Downloading $(wc -l <<<"$missing") dependency wheels into $dist (pip download)..." >&2
    "$python" -m pip download --quiet --only-binary=:all: -r "$dist/REQUIREMENTS-offline.txt" -d "$dist"
    if ! missing="$("$python" scripts/offline_wheels.py "$dist" --check)"; then
        echo "$dist still lacks these wheels:" >&2
        echo "$missing" >&2
        exit 1
    fi
fi

base="${BASE_IMAGE:-python:3.11-slim}"
if (( debian_base )); then
    base="$DEBIAN_BASE_TAG"
    if ! "$builder" image inspect "$base" >/dev/null 2>&1; then
        echo "Making the base image $base from Debian packages..." >&2
        BUILDER="$builder" scripts/debian_base_image.sh "$base" >/dev/null
    fi
elif ! "$builder" image inspect "$base" >/dev/null 2>&1; then
    echo "The base image $base is not present locally: $builder pull $base, or use --debian-base." >&2
    exit 2
fi

# podman writes OCI images by default, which have no HEALTHCHECK: ask for Docker's format.
format=()
[[ "$builder" == podman ]] && format=(--format docker)
"$builder" build "${format[@]}" --network none --build-arg "BASE_IMAGE=$base" -t "$tag" .
echo "Built $tag from $base with $builder." >&2
