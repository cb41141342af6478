"""nbgrader's collect for a class on a hub: only a learner's own files, under their own name, within the size cap.

nbgrader 0.9's `collect` (run by the instructor) takes a submission named `mallory+ex02+...` or `alice+ex02+...`
from the exchange's inbound folder as that student's whatever its owner: its owner check only warns. It follows
symbolic links, so a link to an instructor's file was copied as the learner's work; and one submission over the
size cap stopped the collection of everyone after it (issue 35). `OwnerCheckedCollect` refuses, by name and with
the reason, a submission that is not a folder owned by the student it names, that holds anything but that
student's own regular files and folders (a symbolic link, a hard link to someone else's file, a FIFO), or that is
over nbgrader's `CourseDirectory.max_dir_size`; the other submissions are collected. Name it in the hub's
nbgrader_config.py: `c.ExchangeFactory.collect = "coursekit.hub.collect.OwnerCheckedCollect"`.
"""

from __future__ import annotations

import datetime

from nbgrader.exchange.default.collect import ExchangeCollect

from coursekit.hub.submissions import refusal

class OwnerCheckedCollect(ExchangeCollect):
    """nbgrader's collect, refusing any submission that is not the named student's own, plain, capped files."""

    def _path_to_record(self, path: str) -> dict:
        record = super()._path_to_record(path)
        why = refusal(path, record["username"], 1000 * self.coursedir.max_dir_size)  # nbgrader's own unit
        if why:
            self.log.error("Refused submission %s: it %s; not collected", record["filename"], why)
            never = datetime.datetime.min.replace(tzinfo=record["timestamp"].tzinfo)  # as nbgrader's (naive UTC)
            record.update(refused=why, timestamp=never)  # never the newest of its student
        return record

    def copy_files(self) -> None:
        self.src_records = [r for r in self.src_records if not r.get("refused")]
        super().copy_files()
