#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""imhotep --screenshot end to end: check-screenshot.py IMHOTEP

Runs the app's screenshot mode and checks that it writes PNG files of the
requested size, and that bad command lines fail with a message. Exit status
77 (skipped) without a display."""

import os
import struct
import subprocess
import sys
import tempfile


def png_size(path):
    with open(path, 'rb') as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b'\x89PNG\r\n\x1a\n' or head[12:16] != b'IHDR':
        raise ValueError(f'{path} is not a PNG file')
    return struct.unpack('>II', head[16:24])


def run(imhotep, *args):
    # Own XDG directories: the app touches no saved games, library or settings of the user.
    with tempfile.TemporaryDirectory() as xdg:
        env = dict(os.environ)
        for name in ('DATA', 'CONFIG', 'CACHE', 'STATE'):
            env[f'XDG_{name}_HOME'] = os.path.join(xdg, name.lower())
        return subprocess.run([imhotep, *args], capture_output=True, text=True, timeout=60,
                              env=env)


def main(argv):
    imhotep = argv[1]
    if not os.environ.get('DISPLAY') and not os.environ.get('WAYLAND_DISPLAY'):
        print('no display: run under xvfb-run')
        return 77

    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        # The library page too (empty here), at a phone's width: the page
        # must not ask for more (the window would be wider than asked).
        for size, extra in (('360x700', []), ('640x480', ['--dark']), ('360x700', ['--library']),
                            ('360x700', ['--new-game']), ('360x700', ['--new-game', '--game', 'classic']),
                            ('360x500', ['--preferences']),
                            # The Rules window of both games, at a page with figures.
                            ('360x700', ['--rules', 'duel', '--page', '5']),
                            ('1000x700', ['--rules', 'duel', '--dark']),
                            ('360x700', ['--rules', 'classic', '--page', '2', '--dark']),
                            ('1000x700', ['--rules', 'classic'])):
            path = os.path.join(tmp, f'shot-{size}{"".join(extra)}.png')
            result = run(imhotep, '--screenshot', path, '--size', size, *extra)
            want = tuple(int(n) for n in size.split('x'))
            if result.returncode != 0:
                print(f'--screenshot --size {size} {" ".join(extra)}: exit status '
                      f'{result.returncode}\n{result.stderr}')
                failures += 1
            elif 'CRITICAL **' in result.stderr:
                print(f'--screenshot --size {size} {" ".join(extra)}: criticals\n{result.stderr}')
                failures += 1
            elif png_size(path) != want:
                print(f'--size {size}: the PNG is {png_size(path)}')
                failures += 1
            else:
                print(f'ok --screenshot --size {size} {" ".join(extra)}')

        for args, message in ((['--screenshot', os.path.join(tmp, 'x.png'), '--size', '12'], '12'),
                              (['--dark'], '--screenshot'),
                              (['--size', '10x10'], '--screenshot'),
                              (['--library'], '--screenshot'),
                              (['--screenshot', os.path.join(tmp, 'y.png'), '--library',
                                '--record', 'game.imhotep'], '--library'),
                              (['--new-game'], '--screenshot'),
                              (['--preferences'], '--screenshot'),
                              (['--screenshot', os.path.join(tmp, 'v.png'), '--preferences',
                                '--new-game'], '--preferences'),
                              (['--screenshot', os.path.join(tmp, 'w.png'), '--game-over'],
                               '--record'),
                              (['--screenshot', os.path.join(tmp, 'z.png'), '--new-game',
                                '--library'], '--new-game'),
                              (['--screenshot', os.path.join(tmp, 'g.png'), '--game', 'classic'],
                               '--new-game'),
                              (['--game', 'classic'], '--new-game'),
                              (['--screenshot', os.path.join(tmp, 'h.png'), '--new-game', '--game',
                                'chess'], 'chess'),
                              (['--rules', 'duel'], '--rules'),
                              (['--screenshot', os.path.join(tmp, 'r.png'), '--rules', 'chess'],
                               'chess'),
                              (['--screenshot', os.path.join(tmp, 'p.png'), '--page', '2'],
                               '--page'),
                              (['--screenshot', os.path.join(tmp, 'q.png'), '--rules', 'duel',
                                '--library'], '--rules')):
            result = run(imhotep, *args)
            if result.returncode != 2 or message not in result.stderr:
                print(f'{" ".join(args)}: expected exit status 2 and a message naming '
                      f'“{message}”, got {result.returncode}: {result.stderr}')
                failures += 1
            else:
                print(f'ok {" ".join(args)} is refused')

        # The summary of a finished game at its own size; an unfinished one is an error.
        srcdir = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        shots = os.path.join(srcdir, 'data', 'screenshots')
        path = os.path.join(tmp, 'over.png')
        result = run(imhotep, '--screenshot', path, '--size', '360x700', '--game-over',
                     '--record', os.path.join(shots, 'duel-finished.imhotep'))
        if result.returncode != 0 or 'CRITICAL **' in result.stderr or png_size(path)[0] > 360:
            print(f'--game-over: exit status {result.returncode}, '
                  f'{png_size(path) if os.path.exists(path) else "no file"}\n{result.stderr}')
            failures += 1
        else:
            print(f'ok --game-over: the summary is {png_size(path)[0]}×{png_size(path)[1]}')
        result = run(imhotep, '--screenshot', os.path.join(tmp, 'x.png'), '--game-over',
                     '--record', os.path.join(shots, 'duel-in-progress.imhotep'))
        # The message names the option and the file in any language.
        if (result.returncode != 1 or '--game-over' not in result.stderr
                or 'duel-in-progress.imhotep' not in result.stderr):
            print(f'--game-over of an unfinished game: expected exit status 1 and a message, got '
                  f'{result.returncode}: {result.stderr}')
            failures += 1
        else:
            print('ok --game-over of an unfinished game is an error')

        # A game of the base game in progress, 4 players, on the board (the tests' screen
        # is 1280×800: a window as large would be clamped).
        for size in ('1024x700',):
            path = os.path.join(tmp, f'classic-{size}.png')
            result = run(imhotep, '--screenshot', path, '--size', size, '--record',
                         os.path.join(shots, 'classic-4p-in-progress.imhotep'))
            want = tuple(int(n) for n in size.split('x'))
            if (result.returncode != 0 or 'CRITICAL **' in result.stderr
                    or not os.path.exists(path) or png_size(path) != want):
                print(f'--record of a base game at {size}: exit status {result.returncode}, '
                      f'{png_size(path) if os.path.exists(path) else "no file"}\n{result.stderr}')
                failures += 1
            else:
                print(f'ok --record of a base game at {size}')

        # A record that cannot be read (read in the background): an error naming it.
        missing = os.path.join(tmp, 'no-such-game.imhotep')
        result = run(imhotep, '--screenshot', os.path.join(tmp, 'm.png'), '--record', missing)
        if result.returncode != 1 or 'no-such-game.imhotep' not in result.stderr:
            print(f'missing --record: expected exit status 1 and a message naming the file, got '
                  f'{result.returncode}: {result.stderr}')
            failures += 1
        else:
            print('ok a missing --record is an error')

        path = os.path.join(tmp, 'missing-dir', 'x.png')
        result = run(imhotep, '--screenshot', path)
        if result.returncode == 0 or path not in result.stderr:
            print(f'unwritable file: expected failure naming the file, got '
                  f'{result.returncode}: {result.stderr}')
            failures += 1
        else:
            print('ok an unwritable file is an error')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
