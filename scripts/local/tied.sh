#!/bin/sh
# Runs a command and stops it when the Node process that started this script goes away, so an
# emulator never outlives the stack or test run that started it (even after a crash or kill -9).
parent=$PPID
"$@" &
child=$!
trap 'kill $child 2>/dev/null; wait $child; exit 0' TERM INT HUP
while kill -0 "$parent" 2>/dev/null && kill -0 "$child" 2>/dev/null; do sleep 1; done
kill $child 2>/dev/null
wait $child
