#!/bin/bash
# trace.sh OUT cmd... : samples VmRSS/RssAnon every 5 ms
out=$1; shift
"$@" >/dev/null 2>&1 &
pid=$!
start=$(date +%s%N)
: > $out
while kill -0 $pid 2>/dev/null; do
  r=$(awk '/RssAnon/{print $2}' /proc/$pid/status 2>/dev/null)
  [ -n "$r" ] && echo "$(( ($(date +%s%N)-start)/1000000 )) $r" >> $out
  sleep 0.005
done
wait $pid
