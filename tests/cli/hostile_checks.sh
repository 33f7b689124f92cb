# The hostile files of hostile.py and hostile_round2.py, sourced by hostile_test.sh (its tool, work, check and expect).
# Hostile files (tests/cli/hostile.py): every verb answers each with a correct result or a clear error naming the
# file; no crash, no hang (a 20 s guard, not a timing), at most 300 MB. Under AddressSanitizer (INPUTANIM_SANITIZED,
# set by CTest) freed memory waits in a 256 MB quarantine and shadow memory adds to it, and the tool runs 5-10 times
# slower (a foreign import of 64k keys: 1.6 s, 12 s there): both bounds are looser there.
hostile_limit_mb=300 hostile_guard_s=20
[ -n "${INPUTANIM_SANITIZED:-}" ] && hostile_limit_mb=1200 hostile_guard_s=90
hostile=$work/hostile
python3 "$(dirname "$0")/hostile.py" "$hostile" "$tool"
mkdir -p "$hostile-out"
python3 - "$tool" "$hostile" "$hostile-out" "$hostile_limit_mb" "$hostile_guard_s" >"$work/hostile.log" 2>&1 <<'PY'
import glob, os, resource, subprocess, sys
tool, folder, out, limit_mb, guard_s = sys.argv[1:4] + [int(sys.argv[4]), sys.argv[5]]
runs = failures = 0
for path in sorted(glob.glob(folder + '/*.bin') + glob.glob(folder + '/*.gl*') + glob.glob(folder + '/*.json')):
    name = os.path.basename(path)
    if name == 'outside.bin':
        continue
    for verb in ('info', 'convert', 'validate', 'sample', 'plot', 'diff'):
        args = {'convert': ['convert', path, f'{out}/{name}.out.' + ('bin' if '.gl' in name else 'glb'), '--force'],
                'plot': ['plot', path, '-o', f'{out}/{name}.svg', '--force'], 'diff': ['diff', path, path]}.get(verb, [verb, path])
        child = subprocess.Popen(['timeout', guard_s, tool] + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        stderr = child.stderr.read().decode(errors='replace')
        _, status, usage = os.wait4(child.pid, 0)  # this run's own peak (timeout waits for the tool)
        r = subprocess.CompletedProcess(args, os.waitstatus_to_exitcode(status), None, stderr)
        kb = usage.ru_maxrss
        runs += 1
        problems = []
        if r.returncode >= 7 or r.returncode < 0: problems.append(f'exit {r.returncode} (crash or hang)')
        if kb > limit_mb * 1024: problems.append(f'{kb} KB')
        said = 'inputanim: warning: ' if r.returncode == 6 else 'inputanim: error: '  # 6: written, beyond its tolerances
        if r.returncode not in (0, 5) and not any(l.startswith(said) and name in l for l in r.stderr.splitlines()):
            problems.append('the error does not name the file: ' + r.stderr[:200])
        if problems:
            failures += 1
            print(f'FAIL: hostile {name} {verb}: ' + '; '.join(problems))
print(f'hostile: {runs} runs, {failures} failed')
sys.exit(1 if failures else 0)
PY
hostile_status=$?
cat "$work/hostile.log"
expect "every verb on every hostile file: no crash or hang, under 300 MB, errors naming the file" test "$hostile_status" -eq 0
expect "absurd grids are refused with what to choose" sh -c "'$tool' sample '$hostile/late-times.bin' 2>&1 | grep -q 'choose a lower --rate, a shorter window with --start and --end'"
expect "a window makes them sample" sh -c "'$tool' sample '$hostile/late-times.bin' --start 0 --end 1 >/dev/null"
expect "marker names cannot drive the terminal" sh -c "! '$tool' info '$hostile/control-characters.bin' | grep -q \$(printf '\\033')"
expect "they are shown escaped" sh -c "'$tool' info '$hostile/control-characters.bin' | grep -qF '\\x1b]0;pwned'"
