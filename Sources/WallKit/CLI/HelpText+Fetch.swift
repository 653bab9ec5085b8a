extension HelpText {
  static let fetch = """
    Usage: wallgen fetch EXPORT [options]

    Downloads every file that the export's File fields link to
    ({"__type":"File","name":...,"url":...}) into EXPORT/files/<name>, where 'wallgen
    build' looks for it. Only http and https, also after a redirect, and never to a
    loopback, private, link-local or multicast address unless its host is named with
    --allow-host or as a --rewrite target (on every hop, however the URL spells it). Each
    file is written to a temporary file and renamed once complete; a file already there
    whose length equals the server's Content-Length (asked with HEAD) is not downloaded
    again, so a run that was stopped can be run again. A file that is neither JPEG nor
    PNG is kept and reported. One failed file never stops the others.

    Options:
    \(OptionTable.helpText(CommandTables.fetch))

    Progress goes to stderr: a live line on a terminal (files, bytes, rate, ETA), a plain
    line every few seconds otherwise. Each failure is printed with its file, object, URL
    and reason.

    Exit codes: 0 every file arrived (or was there), 1 some did not (their count is
    printed), 64 usage error or an export that is not a folder.
    """
}
