"""Fake personal details for simulated employees.

All randomness comes from Python's global ``random`` module, which every new
world re-seeds with 0; the order and kind of the draws below are part of what
makes generated organisations identical to the original's.
"""

import datetime
import random

_MOBILE_LEAD_DIGITS = ["6", "7", "8", "9"]


def fake_phone_number(prefix: str = "+40", n_digits: int = 10) -> str:
    """A mobile number: ``prefix``, one digit from 6-9, then ``n_digits`` random digits.

    The trailing digits are drawn first (``randint(0, 9)`` each) and the leading
    digit last (``choice``), although the leading digit is written first.
    """
    digits = "".join(str(random.randint(0, 9)) for _ in range(n_digits))
    lead = random.choice(_MOBILE_LEAD_DIGITS)
    return f"{prefix}{lead}{digits}"


def fake_email_address(name: str, surname: str | None = None, domain: str = "company.co.ro") -> str:
    """A lower-cased work address: ``name@domain``, or ``name_surname@domain``."""
    local_part = name if surname is None else f"{name}_{surname}"
    return f"{local_part}@{domain}".lower()


def fake_video_conference_link(name: str, surname: str | None = None, domain: str = "xweb.com") -> str:
    """A lower-cased personal meeting link: ``https://company.<domain>/<name>[.<surname>]``."""
    handle = name if surname is None else f"{name}.{surname}"
    return f"https://company.{domain}/{handle}".lower()


def random_dates(start_date: datetime.date, end_date: datetime.date, n: int) -> list[datetime.date]:
    """``n`` days drawn uniformly from ``start_date`` .. ``end_date`` (both included).

    Each day costs one ``random.randint(0, number_of_days_between)`` draw.
    """
    span = (end_date - start_date).days
    return [start_date + datetime.timedelta(days=random.randint(0, span)) for _ in range(n)]
