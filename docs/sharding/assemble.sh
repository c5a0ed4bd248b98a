#!/bin/sh
# Joins the parts of a plan once every shard has finished: `contactsheet assemble` with the
# arguments `contactsheet plan` printed (assemble OUT.part-1.pdf … -o OUT.pdf).
#
#   docs/sharding/assemble.sh plan.json
set -eu
eval "set -- $(jq -r '.assemble | @sh' "$1")"
exec "${CONTACTSHEET:-contactsheet}" "$@"
