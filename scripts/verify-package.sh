#!/usr/bin/env bash
# Writes a package with `winmove package` and runs Kattis's verifyproblem
# on it (parts config, statement, data, submissions, validators): fails
# on any error or warning, or if a submission does not get the verdict its
# folder names; checks the validator rejects every input of invalid_input/; and
# writes the time limit verifyproblem derived to the package's .timelimit
# (what DOMjudge reads). Usage: scripts/verify-package.sh WINMOVE DIR
# [PACKAGE OPTIONS...]; verifyproblem must be on PATH.
set -euo pipefail
winmove=$1 dir=$2
shift 2
"$winmove" package "$@" "$dir"
log=$(verifyproblem "$dir" -p config statement data submissions validators 2>&1) || { echo "$log"; exit 1; }
echo "$log"
case "$log" in
    *"tested: 0 errors, 0 warnings"*) ;;
    *) echo "verifyproblem: errors or warnings" >&2; exit 1 ;;
esac
# Each submission line reads 'folder/file (language) OK: VERDICT ...'.
for folder_verdict in accepted:AC wrong_answer:WA time_limit_exceeded:TLE; do
    folder=${folder_verdict%%:*} verdict=${folder_verdict#*:}
    for file in "$dir/submissions/$folder"/*; do
        name=$folder/$(basename "$file")
        grep -q "^ *$name (.*) OK: $verdict " <<<"$log" || {
            echo "$name did not get $verdict" >&2
            exit 1
        }
    done
done
for input in "$dir"/invalid_input/*.in; do
    status=0
    python3 "$dir/input_validators/validate.py" <"$input" 2>/dev/null || status=$?
    [ "$status" = 43 ] || { echo "the validator does not reject $input (exit $status)" >&2; exit 1; }
done
limit=$(sed -n 's/.*setting timelim to \([0-9.]*\) secs.*/\1/p' <<<"$log")
[ -n "$limit" ] || { echo "no time limit in verifyproblem's output" >&2; exit 1; }
echo "$limit" >"$dir/.timelimit"
echo "package: every verdict as its folder names; time limit $limit s written to $dir/.timelimit"
