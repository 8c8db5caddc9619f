"""Documents and file storage.

The simulated world has no file store: no table holds documents, so the
functions below have no effect and always return ``None``, whatever their
signatures announce. Their arguments are not type-checked. The module exists
because :class:`Document` is the type of ``Event.attachments`` in the calendar
and because programs written for the original library may import it.
"""

import datetime
from typing import Literal

from pydantic import BaseModel


class Document(BaseModel):
    """A document, as it can be attached to a calendar event.

    Note: once an event with attachments is stored in the calendar, reading it
    back fails (the original library behaves the same way), so do not attach
    documents to events that you save.

    Attributes:
        title: the document's title.
        content: the document's text.
        author: names of the authors.
        num_pages: number of pages.
        last_modified: when the document was last changed.
        created_on: when the document was created.
        is_starred: whether the user starred it (default ``False``).
        folder: the folder holding it (default ``"InternalStorage"``).
    """

    title: str | None = None
    content: str | None = None
    author: list[str] | None = None
    num_pages: int | None = None
    last_modified: datetime.datetime | None = None
    created_on: datetime.datetime | None = None
    is_starred: bool = False
    folder: str = "InternalStorage"


def search_documents(
    title_query: str | None = None,
    date_created: datetime.date | None = None,
    content_query: str | None = None,
    author: str | None = None,
    last_modified: datetime.date | None = None,
    max_results: int | None = 1,
) -> list[Document]:
    """Search the user's documents by title, creation date, content, author or modification date.

    The simulated world holds no documents, so this has no effect and returns ``None``.
    """
    return None


def search_in_document(phrase: str, document: Document) -> bool:
    """Check whether ``phrase`` occurs, character for character, in ``document``.

    The simulated world holds no documents, so this has no effect and returns ``None``.
    """
    return None


def delete_document(document: Document):
    """Delete ``document`` from the user's storage.

    The simulated world holds no documents, so this has no effect and returns ``None``.
    """
    return None


def print_docs(docs: list[Document]):
    """Send ``docs`` to the printer.

    The simulated world has no printer or documents, so this has no effect and returns ``None``.
    """
    return None


def backup(docs: list[Document], provider: Literal["gdrive", "icloud", "onedrive"] = "icloud"):
    """Copy ``docs`` to a cloud storage ``provider``.

    The simulated world holds no documents, so this has no effect and returns ``None``.
    """
    return None


def rename_document(document: Document):
    """Rename ``document``.

    The simulated world holds no documents, so this has no effect and returns ``None``.
    """
    return None
