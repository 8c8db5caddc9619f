"""The files module (spec: assistant-library.md, section 9): a document type and inert functions."""

import datetime
import inspect

import pytest
from pydantic import ValidationError

from aspera_core.library import files
from aspera_core.library.files import Document


def test_document_defaults_and_fields():
    document = Document()
    assert list(Document.model_fields) == [
        "title",
        "content",
        "author",
        "num_pages",
        "last_modified",
        "created_on",
        "is_starred",
        "folder",
    ]
    assert document.title is None and document.author is None and document.num_pages is None
    assert document.is_starred is False
    assert document.folder == "InternalStorage"


def test_document_validates_fields():
    document = Document(title="Plan", author=["Ann"], num_pages=3, created_on="2024-06-01T10:00:00")
    assert document.created_on == datetime.datetime(2024, 6, 1, 10)
    with pytest.raises(ValidationError, match="num_pages"):
        Document(num_pages="many")


def test_functions_have_no_effect_and_return_none():
    document = Document(title="Plan", content="Quarterly plan")
    assert files.search_documents(title_query="Plan") is None
    assert files.search_documents() is None
    assert files.search_in_document("plan", document) is None
    assert files.delete_document(document) is None
    assert files.print_docs([document]) is None
    assert files.backup([document], provider="gdrive") is None
    assert files.rename_document(document) is None


def test_signatures_match_the_original():
    assert str(inspect.signature(files.search_documents)) == (
        "(title_query: str | None = None, date_created: datetime.date | None = None, "
        "content_query: str | None = None, author: str | None = None, "
        "last_modified: datetime.date | None = None, max_results: int | None = 1) -> list[aspera_core.library.files.Document]"
    )
    assert list(inspect.signature(files.search_in_document).parameters) == ["phrase", "document"]
    assert str(inspect.signature(files.backup).parameters["provider"]) == (
        "provider: Literal['gdrive', 'icloud', 'onedrive'] = 'icloud'"
    )
    for function in (files.delete_document, files.print_docs, files.rename_document):
        assert len(inspect.signature(function).parameters) == 1
