#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a screen reader gets from the app: check-a11y.py IMHOTEP

Starts the app under its own session bus and accessibility bus
(dbus-run-session, at-spi-bus-launcher, GTK_A11Y=atspi) and reads it
through AT-SPI (pyatspi), as Orca does:
 - every focusable widget shown has a name: not empty, without a mnemonic
   underscore, not a GTK or libadwaita class name, on the start page, in
   the Rules window, on the Practice page and in the Preferences it opens,
   in the New Game dialog and on the game page;
 - the game board, reached with Tab, describes the position;
 - after the player's decision and after the computer's, the board's
   description changes once to a message that names the decision and who
   decides next; no message repeats, none is empty.

Exit status 77 (skipped) without a display or without pyatspi (Debian:
python3-pyatspi, at-spi2-core; build-aux/install-deps installs them)."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

CLASS_NAME = re.compile(r'^(Gtk|Adw|Imh)[A-Z]\w*$')
MNEMONIC = re.compile(r'_\w')
SYSTEM_PYTHON = '/usr/bin/python3'
BUS_LAUNCHERS = ('/usr/libexec/at-spi-bus-launcher',
                 '/usr/lib/at-spi2-core/at-spi-bus-launcher',
                 '/usr/lib/at-spi2/at-spi-bus-launcher')

# Keysyms.
TAB, RIGHT, RETURN = 0xff09, 0xff53, 0xff0d


def skip(why):
    print(f'SKIP: {why}')
    sys.exit(77)


def import_pyatspi():
    """pyatspi, or a run of this script by the system's Python that has it
    (a Python of its own, e.g. a virtual environment, may lack it)."""
    try:
        import pyatspi  # noqa: F401
        return
    except ImportError:
        pass
    if (os.path.exists(SYSTEM_PYTHON) and os.path.realpath(sys.executable) != os.path.realpath(SYSTEM_PYTHON)
            and not os.environ.get('IMH_A11Y_REEXEC')):
        env = dict(os.environ, IMH_A11Y_REEXEC='1')
        os.execve(SYSTEM_PYTHON, [SYSTEM_PYTHON, *sys.argv], env)
    skip('pyatspi is not installed (python3-pyatspi)')


class Checker:
    def __init__(self, imhotep, workdir):
        import pyatspi
        from gi.repository import GLib
        self.pyatspi = pyatspi
        self.GLib = GLib
        self.failures = 0
        self.events = []       # (time, type, source name, value)
        self.focused = None
        env = dict(os.environ)
        for name in ('DATA', 'CONFIG', 'CACHE', 'STATE'):
            env[f'XDG_{name}_HOME'] = os.path.join(workdir, name.lower())
        env.update(GTK_A11Y='atspi', LC_ALL='C.UTF-8', LANGUAGE='C', LANG='C.UTF-8',
                   GSETTINGS_BACKEND='memory', GSK_RENDERER='cairo')
        env.pop('NO_AT_BRIDGE', None)
        # Warnings of the accessibility bridge are not the app's: not fatal here.
        env.pop('G_DEBUG', None)
        self.app_log = open(os.path.join(workdir, 'imhotep.log'), 'w+')
        self.command = [imhotep]
        self.env = env
        self.proc = subprocess.Popen(self.command, env=env, stdout=self.app_log, stderr=subprocess.STDOUT)
        for kind in ('object:property-change:accessible-description',
                     'object:property-change:accessible-name',
                     'object:state-changed:focused'):
            pyatspi.Registry.registerEventListener(self.on_event, kind)

    def fail(self, message):
        print(f'FAIL: {message}')
        self.failures += 1

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.app_log.seek(0)
        log = self.app_log.read()
        if 'CRITICAL' in log or self.failures:
            print('--- the app said:\n' + log)
            if 'CRITICAL' in log:
                self.fail('the app logged criticals')

    # ---- Events and the main loop

    def on_event(self, event):
        try:
            name = event.source.name
        except Exception:
            name = None
        if event.type.startswith('object:state-changed:focused'):
            if event.detail1:
                self.focused = event.source
            return
        value = event.any_data if isinstance(event.any_data, str) else ''
        self.events.append((time.monotonic(), event.type, name, value))

    def focused_name(self):
        try:
            return self.focused.name if self.focused is not None else None
        except Exception:
            return None

    def pump(self, seconds):
        context = self.GLib.MainContext.default()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            while context.iteration(False):
                pass
            time.sleep(0.01)

    def wait_for(self, what, predicate, timeout=20):
        context = self.GLib.MainContext.default()
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            while context.iteration(False):
                pass
            result = predicate()
            if result:
                return result
            time.sleep(0.02)
        raise TimeoutError(f'timed out waiting for {what}')

    def key(self, keysym):
        self.pyatspi.Registry.generateKeyboardEvent(keysym, None, self.pyatspi.KEY_SYM)
        self.pump(0.15)

    # ---- The tree

    def app(self):
        desktop = self.pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            child = desktop.getChildAtIndex(i)
            try:
                if child is not None and child.get_process_id() == self.proc.pid:
                    return child
            except Exception:
                continue
        return None

    def walk(self, node, depth=0, shown_only=False):
        """node and its descendants; shown_only: those whose ancestors are
        all visible (a closed popover's content is not)."""
        if node is None or depth > 60:
            return
        if shown_only and depth > 0:
            try:
                if not node.getState().contains(self.pyatspi.STATE_VISIBLE):
                    return
            except Exception:
                return
        yield node
        try:
            n = node.childCount
        except Exception:
            return
        for i in range(n):
            try:
                child = node.getChildAtIndex(i)
            except Exception:
                continue
            yield from self.walk(child, depth + 1, shown_only)

    def find(self, predicate):
        app = self.app()
        if app is None:
            return None
        for node in self.walk(app):
            try:
                if predicate(node):
                    return node
            except Exception:
                continue
        return None

    def showing(self, node):
        """On screen: visible, with a size (GTK 4.8 marks every widget
        visible but the window showing; a widget unmapped, in a stack page
        not shown or a closed revealer, has no size)."""
        if not node.getState().contains(self.pyatspi.STATE_VISIBLE):
            return False
        extents = node.queryComponent().getExtents(self.pyatspi.WINDOW_COORDS)
        return extents.width > 0 and extents.height > 0

    def find_button(self, label):
        return self.find(lambda n: n.getRoleName() == 'push button' and n.name == label and self.showing(n))

    def press_until(self, node, what, predicate):
        """Presses a button until what it opens is there (a press in the
        app's first moments may go unheard)."""
        for _ in range(6):
            self.press(node)
            try:
                return self.wait_for(what, predicate, 5)
            except TimeoutError:
                continue
        raise TimeoutError(f'timed out waiting for {what}')

    def close_frame(self, frame, name):
        """Closes a window by its own Close button."""
        close = None
        for node in self.walk(frame, shown_only=True):
            try:
                if node.getRoleName() == 'push button' and node.name == 'Close' and self.showing(node):
                    close = node
            except Exception:
                continue
        if close is None:
            self.fail(f'the window “{name}” has no Close button')
            return
        self.press(close)
        self.wait_for(f'the window “{name}” to close', lambda: self.find(
            lambda n: n.getRoleName() == 'frame' and n.name == name) is None)

    def press(self, node):
        action = node.queryAction()
        for i in range(action.nActions):
            if action.getName(i) in ('click', 'activate', 'press'):
                action.doAction(i)
                return
        action.doAction(0)

    def in_combo_box(self, node):
        try:
            parent = node.parent
            while parent is not None:
                if parent.getRoleName() == 'combo box':
                    return True
                parent = parent.parent
        except Exception:
            pass
        return False

    def text_of(self, node):
        for child in self.walk(node):
            try:
                if child.getRoleName() == 'label' and child.name:
                    return child.name
            except Exception:
                continue
        return ''

    def path(self, node, where):
        """Where a widget is: its nearest named ancestors."""
        names = []
        try:
            parent = node.parent
            while parent is not None and len(names) < 3:
                if parent.name and not CLASS_NAME.match(parent.name):
                    names.append(f'{parent.getRoleName()} “{parent.name}”')
                parent = parent.parent
        except Exception:
            pass
        return ' < '.join([where, *reversed(names)])

    def check_names(self, where):
        app = self.app()
        seen = 0
        for node in self.walk(app, shown_only=True):
            try:
                states = node.getState()
                if not (states.contains(self.pyatspi.STATE_FOCUSABLE) and self.showing(node)):
                    continue
                name = node.name or ''
                role = node.getRoleName()
            except Exception:
                continue
            # GTK marks every scrolled window focusable; the focus goes to
            # its content (which is checked), never to the scrolled window
            # around focusable content.
            if role == 'scroll pane':
                continue
            # A combo box's choices are read when its popover opens; GTK 4.8
            # reports the closed popover's list as visible.
            if role == 'list item' and self.in_combo_box(node):
                continue
            seen += 1
            where_node = self.path(node, where)
            if not name.strip():
                self.fail(f'{where_node}: a focusable {role} has no name (it shows “{self.text_of(node)}”)')
            elif MNEMONIC.search(name):
                self.fail(f'{where_node}: the {role} “{name}” shows its mnemonic underscore')
            elif CLASS_NAME.match(name):
                self.fail(f'{where_node}: the {role} is named after its class: “{name}”')
            else:
                words = name.split()
                half = len(words) // 2
                if half > 0 and len(words) % 2 == 0 and words[:half] == words[half:]:
                    self.fail(f'{where_node}: the {role} says its name twice: “{name}”')
        if seen == 0:
            self.fail(f'{where}: no focusable widget shown')
        print(f'{where}: {seen} focusable widgets named')

    # ---- The board

    def board_messages(self, since):
        return [value for (t, kind, name, value) in self.events
                if t >= since and name == 'Game board' and 'accessible-description' in kind]

    def run(self):
        # An app that could not start (a display busy at that moment) gets
        # another try.
        for _ in range(3):
            try:
                self.wait_for('the app on the accessibility bus',
                              lambda: self.app() is not None or self.proc.poll() is not None, 30)
            except TimeoutError:
                break
            if self.proc.poll() is None:
                break
            print(f'the app stopped at once (exit status {self.proc.returncode}): starting it again')
            time.sleep(1)
            self.proc = subprocess.Popen(self.command, env=self.env, stdout=self.app_log,
                                         stderr=subprocess.STDOUT)
        self.wait_for('the app on the accessibility bus', lambda: self.app() is not None, 30)
        new_game = self.wait_for('the start page', lambda: self.find_button('New Game'))
        self.check_names('start page')

        # The Rules window, from the start page: its page list, the page's
        # figures and its buttons. Closed by its own close button.
        rules = self.press_until(self.find_button('Rules'), 'the Rules window',
                                 lambda: self.find(lambda n: n.getRoleName() == 'frame'
                                                   and (n.name or '').startswith('Rules of ')))
        self.pump(0.5)
        self.check_names('Rules window')
        close = None
        for node in self.walk(rules, shown_only=True):
            try:
                if node.getRoleName() == 'push button' and node.name == 'Close' and self.showing(node):
                    close = node
            except Exception:
                continue
        if close is None:
            self.fail('the Rules window has no Close button')
        else:
            self.press(close)
            self.wait_for('the Rules window to close', lambda: self.find(
                lambda n: n.getRoleName() == 'frame' and (n.name or '').startswith('Rules of ')) is None)

        # The Practice page (no names chosen yet: it asks for them), the
        # Preferences it opens at "Your Names", and back to the start page.
        choose = self.press_until(self.find_button('Practice'), 'the Practice page',
                                  lambda: self.find_button('Choose Your Names…'))
        self.pump(0.5)
        self.check_names('Practice page')
        preferences = self.press_until(choose, 'the Preferences window',
                                       lambda: self.find(lambda n: n.getRoleName() == 'frame'
                                                         and n.name == 'Preferences'))
        self.pump(0.5)
        self.check_names('Preferences, page Practice')
        self.close_frame(preferences, 'Preferences')
        back = self.find_button('Back to the Game')
        if back is None:
            self.fail('the Practice page has no back button named “Back to the Game”')
        else:
            self.press_until(back, 'the start page', lambda: self.find_button('New Game'))

        start = self.press_until(new_game, 'the New Game dialog', lambda: self.find_button('Start'))
        self.pump(0.5)
        self.check_names('New Game dialog')
        board = self.press_until(start, 'the game board',
                                 lambda: self.find(lambda n: n.name == 'Game board' and self.showing(n)))
        self.pump(1.0)
        self.check_names('game page')

        # Tab to the board, as a keyboard user does.
        for _ in range(40):
            if self.focused_name() == 'Game board':
                break
            # One Tab at a time: the next only once the focus has moved, so
            # that on a slow machine no press goes past the board unseen.
            before = self.focused
            self.key(TAB)
            try:
                self.wait_for('the focus to move', lambda: self.focused is not before, 5)
            except TimeoutError:
                pass
        else:
            raise TimeoutError('Tab never reached the game board')
        self.pump(0.3)
        position = board.description or ''
        print(f'board on focus: “{position}”')
        if not position.strip():
            self.fail('the board says nothing on focus')
        score = re.search(r'Score: (.*?)\.', position)
        if score is None:
            self.fail(f'the board on focus gives no score: “{position}”')
            return
        names = [entry.rsplit(' ', 1)[0] for entry in score.group(1).split(', ')]
        mover = re.match(r'(.*?) to move', position)
        if mover is None or mover.group(1) not in names:
            self.fail(f'the board on focus names no player to move: “{position}”')
            return

        # The computer may begin: the person's turn comes with a message.
        if 'arrow keys' not in position:
            since = time.monotonic()
            self.wait_for('the computer\'s first decision',
                          lambda: any('arrow keys' in (board.description or '') or ' chose: ' in m
                                      for m in self.board_messages(since)), 60)
            self.wait_for('the person\'s turn', lambda: self.find(
                lambda n: n.name == 'Game board' and 'chose: ' in (n.description or '')) is not None, 60)
        messages = self.board_messages(0)
        person_hint = [m for m in messages if ' chose: ' in m]
        if person_hint:
            next_match = re.search(r'\. (.*?) to move', person_hint[-1])
            person = next_match.group(1) if next_match else None
        else:
            person = mover.group(1)
        computer = [n for n in names if n != person]
        if person not in names or not computer:
            self.fail(f'who plays is unclear: players {names}, person {person}')
            return
        computer = computer[0]

        # An arrow key names a target: the decision.
        # (A key pressed while the computer's decision is still being shown
        # finds nothing to choose yet: pressed again, as a user would.)
        target = None
        for _ in range(5):
            since = time.monotonic()
            self.key(RIGHT)
            try:
                target = self.wait_for('the target named',
                                       lambda: [m for m in self.board_messages(since)
                                                if m and ' chose: ' not in m
                                                and ' to move' not in m], 5)[-1]
                break
            except TimeoutError:
                continue
        if target is None:
            raise TimeoutError('timed out waiting for the target named')
        print(f'arrow key: “{target}”')

        # The person's decision, then the computer's.
        since = time.monotonic()
        self.key(RETURN)
        # "Ann chose: <the target>." or, with what it did besides,
        # "Ann chose: <the target> (Ann gets …)."
        wanted = f'{person} chose: {target}'

        def said(prefix):
            return [m for m in self.board_messages(since) if m.startswith(prefix)]

        mine = self.wait_for('the message of the person\'s decision', lambda: said(wanted), 20)[0]
        print(f'after the decision: “{mine}”')
        if not re.search(r'\. (.+) to move: ', mine):
            self.fail(f'the message does not say who decides now: “{mine}”')
        elif f'. {computer} to move' in mine:
            theirs = self.wait_for('the message of the computer\'s decision',
                                   lambda: said(f'{computer} chose: '), 90)[0]
            print(f'after the computer: “{theirs}”')
            if not re.search(r'\. (.+) to move: |wins|win', theirs):
                self.fail(f'the message does not say who decides now: “{theirs}”')
        self.pump(1.0)

        messages = self.board_messages(since)
        print(f'{len(messages)} messages after the decision: {messages}')
        if any(not m.strip() for m in messages):
            self.fail(f'an empty description came between the messages: {messages}')
        if any('No choice' in m for m in messages):
            self.fail(f'an intermediate state was spoken: {messages}')
        if len(set(messages)) != len(messages):
            self.fail(f'a message came twice: {messages}')

        # The sidebar's other pages: the score table, the analysis and its
        # graph, the study options.
        for tab in ('Score', 'Analysis', 'Study', 'History'):
            node = self.find(lambda n: n.getRoleName() == 'page tab' and n.name == tab and self.showing(n))
            if node is None:
                self.fail(f'no sidebar tab “{tab}”')
                continue
            self.press(node)
            self.pump(0.5)
            self.check_names(f'sidebar page {tab}')


def find_bus_launcher():
    for path in BUS_LAUNCHERS:
        if os.access(path, os.X_OK):
            return path
    return shutil.which('at-spi-bus-launcher')


def inner(imhotep):
    """Under a session bus of our own: the accessibility bus, then the app."""
    import_pyatspi()
    launcher = find_bus_launcher()
    if launcher is None:
        skip('at-spi-bus-launcher is not installed (at-spi2-core)')
    with tempfile.TemporaryDirectory() as workdir:
        bus = subprocess.Popen([launcher, '--launch-immediately'],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        checker = None
        try:
            time.sleep(0.5)
            checker = Checker(imhotep, workdir)
            checker.run()
        except TimeoutError as e:
            if checker is not None:
                checker.fail(str(e))
            else:
                print(f'FAIL: {e}')
                return 1
        finally:
            if checker is not None:
                checker.close()
            bus.terminate()
            try:
                bus.wait(10)
            except subprocess.TimeoutExpired:
                bus.kill()
        if checker.failures:
            print(f'{checker.failures} failures')
            return 1
        print('ok')
        return 0


def main(argv):
    if len(argv) >= 3 and argv[1] == '--inner':
        return inner(argv[2])
    imhotep = argv[1]
    if not os.environ.get('DISPLAY'):
        skip('no X display: run under xvfb-run')
    import_pyatspi()
    if shutil.which('dbus-run-session') is None or find_bus_launcher() is None:
        skip('dbus-run-session or at-spi-bus-launcher is missing (dbus, at-spi2-core)')
    # A session bus of our own: the accessibility bus and the app's name on it.
    # Warnings of the AT-SPI client library (a cache not there yet) are not
    # the app's: not fatal in this process.
    env = dict(os.environ)
    env.pop('G_DEBUG', None)
    return subprocess.run(['dbus-run-session', '--', sys.executable, os.path.abspath(argv[0]),
                           '--inner', os.path.abspath(imhotep)], env=env, timeout=170).returncode


if __name__ == '__main__':
    sys.exit(main(sys.argv))
