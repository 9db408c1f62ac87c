#!/usr/bin/env python3
# Installs the build into a staging directory, as flatpak-builder does,
# and checks that every file the Flatpak manifest and Flathub expect is
# there and agrees with the others: the binary the manifest runs and the
# window module it opens, the desktop file and its icon, the metainfo,
# both icons, the settings schema, the MIME type and the Spanish
# catalogue. Also checks that the manifest asks for no more than Muster
# needs.
import configparser
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

src, build = sys.argv[1], sys.argv[2]
APP_ID = "io.github.muster.Muster"
results = []


def check(name, ok, detail=""):
    results.append((name, ok, detail))


with tempfile.TemporaryDirectory() as destdir:
    run = subprocess.run(["meson", "install", "-C", build, "--quiet",
                          "--destdir", destdir], capture_output=True, text=True)
    check("meson-install", run.returncode == 0, run.stdout + run.stderr)

    prefix = None
    for root, dirs, files in os.walk(destdir):
        if "muster" in files and os.path.basename(root) == "bin":
            prefix = os.path.dirname(root)
            break
    check("binary", prefix is not None and os.access(os.path.join(prefix, "bin", "muster"), os.X_OK))
    prefix = prefix or destdir
    share = os.path.join(prefix, "share")

    def exists(name, *path):
        full = os.path.join(share, *path)
        check(name, os.path.isfile(full), full)
        return full

    # The window is a module the binary opens from the directory compiled
    # into it (config.h); the binary itself needs no GTK.
    module_dir = None
    with open(os.path.join(build, "config.h"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#define GUI_MODULE_DIR "):
                module_dir = json.loads(line.split(None, 2)[2])
    module = os.path.join(destdir + (module_dir or "/nonexistent"), "libmuster-gui.so")
    check("gui-module", module_dir is not None and os.path.isfile(module), module)
    check("gui-module-in-prefix", module_dir is not None and os.path.realpath(destdir + module_dir)
          .startswith(os.path.realpath(prefix) + os.sep), "%s not under %s" % (module_dir, prefix))
    binary = os.path.join(prefix, "bin", "muster")
    if os.path.isfile(binary):
        dynamic = subprocess.run(["readelf", "-d", binary], capture_output=True, text=True).stdout
        check("binary-needs-no-gtk", "libgmodule-2.0" in dynamic and "libgtk-4" not in dynamic
              and "libadwaita-1" not in dynamic, dynamic)

    desktop = exists("desktop-file", "applications", APP_ID + ".desktop")
    metainfo = exists("metainfo", "metainfo", APP_ID + ".metainfo.xml")
    exists("icon-scalable", "icons", "hicolor", "scalable", "apps", APP_ID + ".svg")
    exists("icon-symbolic", "icons", "hicolor", "symbolic", "apps", APP_ID + "-symbolic.svg")
    exists("schema", "glib-2.0", "schemas", APP_ID + ".gschema.xml")
    exists("mime-type", "mime", "packages", APP_ID + ".xml")
    exists("spanish-catalogue", "locale", "es", "LC_MESSAGES", "muster.mo")

    if os.path.isfile(desktop):
        entry = configparser.ConfigParser(interpolation=None)
        entry.optionxform = str
        entry.read(desktop, encoding="utf-8")
        section = entry["Desktop Entry"]
        check("desktop-icon-is-app-id", section.get("Icon") == APP_ID, section.get("Icon", ""))
        check("desktop-exec-is-binary", section.get("Exec", "").split()[0] == "muster")
        check("desktop-keywords-es", "Keywords[es]" in section)

    if os.path.isfile(metainfo):
        root = ET.parse(metainfo).getroot()
        check("metainfo-id", root.findtext("id") == APP_ID)
        launchable = root.find("launchable")
        check("metainfo-launchable", launchable is not None and launchable.text == APP_ID + ".desktop")
        check("metainfo-binary", root.findtext("provides/binary") == "muster")
        check("metainfo-screenshot", root.find("screenshots/screenshot/image") is not None)
        check("metainfo-release", root.find("releases/release") is not None)
        check("metainfo-oars", root.find("content_rating") is not None)
        shots = [img.text for img in root.findall("screenshots/screenshot/image")]
        # Each screenshot the metainfo names is a file in the repository,
        # at the release's tag (a branch moves under Flathub's mirror).
        with open(os.path.join(build, "meson-info", "intro-projectinfo.json"), encoding="utf-8") as f:
            tag = "v" + json.load(f)["version"]
        prefix_url = "https://raw.githubusercontent.com/muster/muster/%s/" % tag
        missing = [u for u in shots if not u.startswith(prefix_url)
                   or not os.path.isfile(os.path.join(src, u[len(prefix_url):]))]
        check("metainfo-screenshots-committed", shots and not missing, " ".join(missing))

with open(os.path.join(src, "flatpak", APP_ID + ".json"), encoding="utf-8") as f:
    manifest = json.load(f)
check("manifest-app-id", manifest.get("app-id") == APP_ID)
check("manifest-command", manifest.get("command") == "muster")
check("manifest-runtime", manifest.get("runtime") == "org.gnome.Platform" and manifest.get("sdk") == "org.gnome.Sdk")
args = manifest.get("finish-args", [])
allowed = {"--share=ipc", "--share=network", "--socket=fallback-x11", "--socket=wayland", "--device=dri"}
check("manifest-finish-args", set(args) <= allowed and "--socket=wayland" in args, " ".join(args))
check("manifest-meson-module", any(m.get("buildsystem") == "meson" and m.get("name") == "muster"
                                   for m in manifest.get("modules", []) if isinstance(m, dict)))

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print(("ok" if ok else "not ok") + " %d /install/%s" % (i, name))
    if not ok and detail:
        for line in str(detail).splitlines():
            print("# " + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
