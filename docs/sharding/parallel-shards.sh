#!/bin/sh
# Renders a document in shards with GNU parallel, then joins them.
#
#   contactsheet plan INPUTS… OPTIONS… --shards 8 -o catalog.pdf > plan.json
#   docs/sharding/parallel-shards.sh plan.json -j 2 --sshlogin :,4/host1,4/host2
#
# Every argument after the plan goes to GNU parallel (jobs, --sshlogin, …). Each shard runs
# the `contactsheet` arguments plan printed for it (render … --pages A-B -o OUT.part-K.pdf);
# then `contactsheet assemble` joins the parts. Over ssh, the inputs, the parts and the
# thumbnail cache (--cache DIR) must be at the same paths on every host: a shared volume,
# with --workdir . so each job starts in the current folder. CONTACTSHEET names the binary
# (default: contactsheet on the PATH, on every host).
set -eu
plan=$1
shift
bin=${CONTACTSHEET:-contactsheet}
# One shell command line per shard, each argument quoted by jq; parallel runs the lines.
jq -r --arg bin "$bin" '.shards[] | [$bin] + .arguments | @sh' "$plan" | parallel --halt now,fail=1 "$@"
if jq -e 'has("assemble")' "$plan" > /dev/null; then
  jq -r --arg bin "$bin" '[$bin] + .assemble | @sh' "$plan" | sh
fi
