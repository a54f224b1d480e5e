# Sourced by the image scripts: sets `builder` to $BUILDER, or to the first of docker
# and podman whose `info` answers; exits 2 with a message when none does.
builder="${BUILDER:-}"
if [[ -z "$builder" ]]; then
    for candidate in docker podman; do
        if command -v "$candidate" >/dev/null && "$candidate" info >/dev/null 2>&1; then
            builder="$candidate"
            break
        fi
    done
fi
if [[ -z "$builder" ]]; then
    echo "No container engine answers: docker info and podman info failed (is the daemon running?)." >&2
    exit 2
fi
