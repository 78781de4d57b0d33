#!/bin/sh
# Add Deckhand to your desktop's application menu (just for you, no root needed).
#   ./install-desktop-entry.sh            the Deckhand folder this script sits in
#   ./install-desktop-entry.sh DIR        the unpacked Deckhand folder DIR
#   ./install-desktop-entry.sh --remove   take it out of the menu again
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry=$data/applications/deckhand.desktop
icon=$data/icons/hicolor/256x256/apps/deckhand.png

refresh() {
    command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
    command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
}

if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry" "$icon"
    refresh
    echo "Deckhand is no longer in the application menu."
    exit 0
fi

if [ $# -gt 0 ]; then
    bundle=$1
elif [ -x "$here/Deckhand" ]; then
    bundle=$here
else
    bundle=$here/../dist/Deckhand  # run from a source checkout after `make dist`
fi
if [ ! -x "$bundle/Deckhand" ]; then
    echo "No Deckhand program found in $bundle: pass the unpacked Deckhand folder." >&2
    exit 1
fi
bundle=$(cd "$bundle" && pwd)
png=$(find "$bundle" -path '*assets/icons/deckhand.png' | head -n 1)

mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
[ -n "$png" ] && cp "$png" "$icon"
# Exec takes a quoted path, escaped as the desktop entry spec asks.
DECKHAND_EXEC=$(printf '%s' "$bundle/Deckhand" |
    sed -e 's/\\/\\\\\\\\/g' -e 's/["`$]/\\\\&/g' -e 's/%/%%/g') \
    awk '/^Exec=/ { print "Exec=\"" ENVIRON["DECKHAND_EXEC"] "\""; next } { print }' \
    "$here/deckhand.desktop" > "$entry"
chmod +x "$entry"
refresh
echo "Deckhand is in your application menu (Games). It starts $bundle/Deckhand."
