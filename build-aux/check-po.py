#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks of the translations, run by `meson test --suite po`.

  check-po.py complete SRCDIR   every message of the catalogue (xgettext over
                                po/POTFILES.in) is translated, and not fuzzy,
                                in every language of po/LINGUAS, and no
                                translation is left of a message gone from it
  check-po.py potfiles SRCDIR   every file under src/ and data/ that has
                                translatable strings is listed in po/POTFILES.in
  check-po.py help SRCDIR       every message of the help pages (itstool over
                                help/C/*.page) is translated, and not fuzzy,
                                in every language of help/LINGUAS
  check-po.py address SRCDIR    the German translations of the app and the help
                                address the user with "Sie", never "du" (po/README.md)
"""

import os
import re
import subprocess
import sys
import tempfile

# The keywords and flags of meson's i18n.gettext(preset: 'glib').
XGETTEXT_ARGS = [
    '--from-code=UTF-8', '--add-comments',
    '--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3', '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format', '--flag=NC_:2:pass-c-format',
    '--flag=g_dngettext:2:pass-c-format', '--flag=g_strdup_printf:1:c-format',
    '--flag=g_string_printf:2:c-format', '--flag=g_string_append_printf:2:c-format',
    '--flag=g_error_new:3:c-format', '--flag=g_set_error:4:c-format',
    '--flag=g_markup_printf_escaped:1:c-format', '--flag=g_log:3:c-format',
    '--flag=g_print:1:c-format', '--flag=g_printerr:1:c-format',
    '--flag=g_printf:1:c-format', '--flag=g_fprintf:2:c-format',
    '--flag=g_sprintf:2:c-format', '--flag=g_snprintf:3:c-format',
]

C_MARKERS = re.compile(r'(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|g_dngettext|ngettext)\s*\(')
UI_MARKERS = re.compile(r'translatable\s*=\s*"(?:yes|true|1)"')


def read_list(path):
    with open(path, encoding='utf-8') as f:
        return [line.strip() for line in f
                if line.strip() and not line.lstrip().startswith('#')]


def has_translatable_strings(path):
    name = os.path.basename(path)
    try:
        with open(path, encoding='utf-8') as f:
            text = f.read()
    except (UnicodeDecodeError, OSError):
        return False
    if name.endswith(('.c', '.h')):
        # Comments do not count (such as a comment saying a string is N_() marked).
        text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
        text = re.sub(r'//[^\n]*', ' ', text)
        return C_MARKERS.search(text) is not None
    if name.endswith('.ui'):
        return UI_MARKERS.search(text) is not None
    if '.desktop.in' in name:
        return re.search(r'^(Name|GenericName|Comment|Keywords)=', text, re.M) is not None
    if '.metainfo.xml.in' in name or '.appdata.xml.in' in name:
        return re.search(r'<(name|summary|p|li|caption)\b', text) is not None
    if name.endswith('.gschema.xml'):
        return re.search(r'<(summary|description)\b', text) is not None
    if '.mime.xml' in name:
        return re.search(r'<comment\b', text) is not None
    return False


def check_potfiles(srcdir):
    listed = read_list(os.path.join(srcdir, 'po', 'POTFILES.in'))
    failures = 0
    for entry in listed:
        if not os.path.isfile(os.path.join(srcdir, entry)):
            print(f'po/POTFILES.in: lists “{entry}”, which does not exist')
            failures += 1
    listed = set(listed)
    for top in ('src', 'data'):
        for dirpath, dirnames, filenames in os.walk(os.path.join(srcdir, top)):
            dirnames.sort()
            for filename in sorted(filenames):
                path = os.path.join(dirpath, filename)
                rel = os.path.relpath(path, srcdir)
                if has_translatable_strings(path) and rel not in listed:
                    print(f'{rel}: has translatable strings but is not listed in po/POTFILES.in')
                    failures += 1
    print(f'{len(listed)} files listed, {failures} problem(s)')
    return failures == 0


def check_translation(po, pot, label, tmp):
    """Whether po translates every message of pot, none fuzzy (printing what not)."""
    if not os.path.isfile(po):
        print(f'{label}: missing (listed in LINGUAS)')
        return False
    ok = True
    # Well-formed, format strings matching their msgids.
    result = subprocess.run(['msgfmt', '--check', '-o', os.devnull, po],
                            capture_output=True, text=True)
    if result.returncode != 0:
        print(f'{label}: msgfmt --check failed:\n{result.stderr}')
        ok = False
    # Every message of the catalogue translated: merge the catalogue into
    # the translation and list what is untranslated or fuzzy there.
    merged = os.path.join(tmp, os.path.basename(label) + '.merged.po')
    result = subprocess.run(['msgmerge', '--quiet', '--no-fuzzy-matching',
                             '-o', merged, po, pot], capture_output=True, text=True)
    if result.returncode != 0:
        print(f'{label}: msgmerge failed:\n{result.stderr}')
        return False
    for what, option in (('untranslated', '--untranslated'), ('fuzzy', '--only-fuzzy'),
                         ('stale (no longer in the sources)', '--only-obsolete')):
        extra = [] if option == '--only-obsolete' else ['--no-obsolete']
        result = subprocess.run(['msgattrib', option, '--no-wrap'] + extra + [merged],
                                capture_output=True, text=True)
        entries = [line for line in result.stdout.splitlines()
                   if line.lstrip('#~ ').startswith('msgid ') and line.lstrip('#~ ') != 'msgid ""']
        if entries:
            print(f'{label}: {len(entries)} {what} message(s):\n{result.stdout}')
            ok = False
    if ok:
        print(f'{label}: complete')
    return ok


def check_help(srcdir):
    help_dir = os.path.join(srcdir, 'help')
    pages = sorted(os.path.join(help_dir, 'C', name)
                   for name in os.listdir(os.path.join(help_dir, 'C')) if name.endswith('.page'))
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'help.pot')
        result = subprocess.run(['itstool', '-o', pot] + pages, capture_output=True, text=True)
        if result.returncode != 0:
            print('itstool failed:\n' + result.stderr)
            return False
        for lang in read_list(os.path.join(help_dir, 'LINGUAS')):
            if not check_translation(os.path.join(help_dir, lang, lang + '.po'), pot,
                                     f'help/{lang}/{lang}.po', tmp):
                ok = False
    return ok


def check_complete(srcdir):
    potfiles = os.path.join(srcdir, 'po', 'POTFILES.in')
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'imhotep.pot')
        result = subprocess.run(['xgettext', '--package-name=imhotep', '-D', srcdir,
                                 '-f', potfiles, '-o', pot] + XGETTEXT_ARGS,
                                capture_output=True, text=True)
        if result.returncode != 0:
            print('xgettext failed:\n' + result.stderr)
            return False
        for lang in read_list(os.path.join(srcdir, 'po', 'LINGUAS')):
            if not check_translation(os.path.join(srcdir, 'po', lang + '.po'), pot,
                                     f'po/{lang}.po', tmp):
                ok = False
    return ok


# The informal address: pronouns, and the imperatives a message would start
# with ("Spiele" and "Suche" are nouns too: only "Spiele das …" counts). The Duel's action tiles keep the names printed on them.
DU_WORDS = re.compile(r'\b(?:du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren)\b',
                      re.IGNORECASE)
DU_IMPERATIVES = re.compile(
    r'(?:^|[.:;!?]\s+|\(|„)(?:Nimm|Gib|Lass|Sieh|Lies|Wähle|Setze|Platziere|Behalte|Entlade|Spiele (?:das|die|den|eine?n?)|'
    r'Segle|Fahre|Klicke|Drücke|Öffne|Starte|Speichere|Lösche|Wiederhole|Versuche|Probiere|'
    r'Schau|Tippe|Ziehe|Lege|Nutze|Benutze|Verwende|Gehe|Kehre|Zeige|Prüfe|Entscheide|Bewege|'
    r'Ändere|Finde|Mache|Mach|Warte|Hole|Hol|Vertausche)\b')
TILE_NAMES = {'Nimm 1 Plättchen', 'Platziere 2–3 Figuren', 'Platziere 1 Figur und entlade 1–2 ×',
              'Vertausche 2 Plättchen und entlade'}


def po_messages(path):
    """(msgid, msgstr) pairs of a catalogue, plural forms joined, header skipped."""
    result = subprocess.run(['msgattrib', '--no-wrap', '--no-obsolete', '--translated', path],
                            capture_output=True, text=True, check=True)
    pairs, msgid, current, key = [], None, [], None
    for line in result.stdout.splitlines() + ['']:
        m = re.match(r'(msgid|msgid_plural|msgstr(?:\[\d+\])?) "(.*)"$', line)
        if m:
            if m.group(1) == 'msgid' and msgid is not None:
                pairs.append((msgid, ' '.join(current)))
                current = []
            if m.group(1) == 'msgid':
                msgid = m.group(2)
            elif m.group(1).startswith('msgstr'):
                current.append(m.group(2))
    if msgid is not None:
        pairs.append((msgid, ' '.join(current)))
    return [(i, s) for i, s in pairs if i]


def check_address(srcdir):
    ok = True
    for po in (os.path.join(srcdir, 'po', 'de.po'), os.path.join(srcdir, 'help', 'de', 'de.po')):
        label = os.path.relpath(po, srcdir)
        bad = []
        for msgid, msgstr in po_messages(po):
            text = msgstr
            for name in TILE_NAMES:
                text = text.replace(name, '')
            if DU_WORDS.search(text) or DU_IMPERATIVES.search(text):
                bad.append((msgid, msgstr))
        for msgid, msgstr in bad:
            print(f'{label}: informal address ("du") in the translation of "{msgid}": "{msgstr}"')
        if bad:
            ok = False
        else:
            print(f'{label}: addresses the user with "Sie" throughout')
    return ok


def main(argv):
    checks = {'complete': check_complete, 'potfiles': check_potfiles, 'help': check_help,
              'address': check_address}
    if len(argv) != 3 or argv[1] not in checks:
        print(__doc__, file=sys.stderr)
        return 2
    check = checks[argv[1]]
    return 0 if check(argv[2]) else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
