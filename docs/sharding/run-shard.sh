#!/bin/sh
# Renders one shard of a plan: the entry point of a Kubernetes Indexed Job pod or a Slurm
# array task.
#
#   docs/sharding/run-shard.sh plan.json [INDEX]
#
# INDEX (from 0) defaults to $JOB_COMPLETION_INDEX (Kubernetes), else $SLURM_ARRAY_TASK_ID
# (Slurm). Runs `contactsheet` with the arguments `contactsheet plan` printed for that shard
# (render … --pages A-B -o OUT.part-K.pdf). CONTACTSHEET names the binary (default:
# contactsheet on the PATH).
set -eu
plan=$1
index=${2:-${JOB_COMPLETION_INDEX:-${SLURM_ARRAY_TASK_ID:-}}}
if [ -z "$index" ]; then
  echo "run-shard.sh: no shard index: give one, or set JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID" >&2
  exit 2
fi
count=$(jq '.shards | length' "$plan")
if ! [ "$index" -ge 0 ] 2>/dev/null || [ "$index" -ge "$count" ]; then
  echo "run-shard.sh: shard $index does not exist: $plan has shards 0 to $((count - 1))" >&2
  exit 2
fi
# The shard's arguments, each quoted by jq, become this shell's positional parameters.
eval "set -- $(jq -r --argjson i "$index" '.shards[$i].arguments | @sh' "$plan")"
exec "${CONTACTSHEET:-contactsheet}" "$@"
