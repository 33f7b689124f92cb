# The shell suites' checks (sourced): `check` runs a command and compares its exit status, `expect` tests a
# condition; both count into $passed and $failed, and print what failed; `await_temporary` waits for an output to be
# under way. Needs $work (a scratch folder).
passed=0
failed=0
check() {  # check NAME EXPECTED_STATUS COMMAND...
    local name=$1 expected=$2
    shift 2
    "$@" >"$work/out" 2>"$work/err"
    local status=$?
    if [ "$status" -eq "$expected" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name: exit $status, expected $expected"
        sed 's/^/  stdout: /' "$work/out" | head -5
        sed 's/^/  stderr: /' "$work/err" | head -5
    fi
}
expect() {  # expect NAME CONDITION...
    local name=$1
    shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $name"; fi
}
await_temporary() {  # await_temporary DIR PID: until PID has a temporary output in DIR, or has ended (20 s at most)
    local i
    for ((i = 0; i < 2000; i++)); do
        kill -0 "$2" 2>/dev/null || return 0
        compgen -G "$1/.*.tmp-*" >/dev/null && return 0
        sleep 0.01
    done
}
