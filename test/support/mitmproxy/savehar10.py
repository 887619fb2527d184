# Loads mitmproxy 10+'s built-in HAR writer (savehar.py beside this file, unchanged) into an older mitmdump:
# `mitmdump -s savehar10.py --set hardump=traffic.har`. Mitmproxy 8.x lacks only the ALERT log level the
# writer logs its "HAR file saved" line at; on mitmproxy 10+ nothing is needed (`--set hardump=` is built in).
import importlib.util
import logging
import os

import mitmproxy.log

if not hasattr(mitmproxy.log, "ALERT"):
    mitmproxy.log.ALERT = logging.WARNING

_spec = importlib.util.spec_from_file_location("savehar", os.path.join(os.path.dirname(__file__), "savehar.py"))
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)

addons = [_module.SaveHar()]
