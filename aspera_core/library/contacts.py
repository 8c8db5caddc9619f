"""Personal contacts (documentation only).

The simulated world has no address book: these names exist so that programs
and prompts can refer to them, but searching always finds nothing and changes
have no effect. No benchmark task needs this module.
"""

import datetime
from dataclasses import dataclass
from typing import Literal


@dataclass
class Address:
    """A postal address; every part is optional."""

    street: str | None = None
    town_or_city: str | None = None
    country: str | None = None
    postal_code: str | None = None


@dataclass
class ContactAddress(Address):
    """An address of a contact, labelled ``"home"``, ``"work"``, ``"school"`` or a custom label."""

    address_identifier: Literal["home", "work", "school"] | str | None = None


class ContactEmail:
    """An e-mail address of a contact, labelled like :class:`ContactAddress`."""

    value: str
    type: Literal["home", "work", "school"] | str | None = None


@dataclass
class Contact:
    """A person in the user's personal address book."""

    first_name: str
    last_name: str
    mobile: int
    company: str | None = None
    birth_date: datetime.date | None = None
    addresses: list[ContactAddress] | None = None
    email: list[ContactEmail] | None = None


def add_custom_label_address(contact: Contact, address: Address, label: str) -> Contact:
    """Attach ``address`` to ``contact`` under a custom ``label``.

    Has no effect in the simulated world and returns ``None``.
    """


class ContactsAPI:
    """Search and maintenance of the address book (documentation only)."""

    @staticmethod
    def search_contacts(query: str) -> list[Contact]:
        """Contacts whose first name, last name or company matches ``query``.

        The simulated world has no address book, so this returns ``None``.
        """

    @staticmethod
    def remove_contact(contact: Contact):
        """Delete ``contact`` from the address book. Has no effect here."""
