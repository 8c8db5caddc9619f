"""The documentation-only modules: names, signatures and defaults as documented; no effect."""

import dataclasses
import datetime
import inspect

import pytest

from aspera_core.library import ai_assistant, contacts, messaging, navigation, reminder, user_device_settings
from aspera_core.library.time_utils import Duration, TimeInterval, TimeUnits


def params(function):
    return list(inspect.signature(function).parameters)


def test_contacts_records_and_functions():
    address = contacts.ContactAddress(street="1 Mill Lane", address_identifier="home")
    assert isinstance(address, contacts.Address) and address.town_or_city is None
    contact = contacts.Contact(first_name="Ines", last_name="Roe", mobile=7700)
    assert (contact.company, contact.birth_date, contact.addresses, contact.email) == (None, None, None, None)
    assert contacts.ContactEmail.__annotations__.keys() == {"value", "type"}
    assert params(contacts.add_custom_label_address) == ["contact", "address", "label"]
    assert contacts.add_custom_label_address(contact, address, "cottage") is None
    assert contacts.ContactsAPI.search_contacts("Ines") is None
    assert contacts.ContactsAPI.remove_contact(contact) is None


def test_navigation_records_and_functions():
    assert [m.value for m in navigation.LocationEventTrigger] == ["arrival", "departure", "not_set"]
    trigger = navigation.LocationTrigger(location="Office")
    assert trigger.time_lag == Duration(number=1, unit=TimeUnits.Hours)
    assert trigger.trigger is navigation.LocationEventTrigger.NOT_SET
    assert navigation.NavigationInstruction.__annotations__ == {"instruction": str}
    assert params(navigation.calculate_travel_time) == ["from_location", "to_location"]
    assert params(navigation.get_directions) == ["from_location", "to_location"]
    assert navigation.calculate_travel_time("A", "B") is None
    assert navigation.get_directions("A", "B") is None
    assert navigation.get_current_location() is None


def test_reminder_records_and_functions():
    item = reminder.PersonalReminder(subject="Water plants")
    assert (item.when, item.repeats, item.location, item.is_complete, item.priority) == (None, None, None, False, None)
    other = reminder.PersonalReminder(subject="Call Ines")
    item.lists.append("Home")
    assert other.lists == []  # a fresh list per reminder
    assert [(m.name, m.value) for m in reminder.ReminderListOps] == [("Add", 1), ("Delete", 2)]
    assert reminder.ListName.__annotations__ == {"name": str}
    assert params(reminder.search_reminder) == ["by_subject", "by_time_period", "by_list_membership"]
    assert reminder.add_reminder(item) is None
    assert reminder.search_reminder(by_subject="Water") is None
    assert reminder.organise(item, reminder.ListName(), reminder.ReminderListOps.Add) is None
    assert reminder.share_reminders([item], []) is None


def test_device_settings_and_ai_assistant():
    window = TimeInterval(datetime.datetime(2024, 6, 25, 12), datetime.datetime(2024, 6, 25, 13))
    assert params(user_device_settings.set_do_not_disturb) == ["schedule", "trigger"]
    assert user_device_settings.set_do_not_disturb(schedule=[window]) is None
    assert [m.value for m in ai_assistant.SupportedLanguages] == ["romanian", "russian", "english"]
    action = ai_assistant.ActionItem(action="Send notes")
    assert [f.name for f in dataclasses.fields(action)] == ["action", "directly_responsible_individuals", "urgency"]
    assert ai_assistant.summarise("long text") is None
    assert ai_assistant.extract_action_items("notes") is None
    assert ai_assistant.translate("hello", ai_assistant.SupportedLanguages.Romanian) is None


def test_messaging_is_an_empty_documented_module():
    assert messaging.__doc__
    assert [n for n in vars(messaging) if not n.startswith("__")] == []


@pytest.mark.parametrize("module", [contacts, navigation, reminder, user_device_settings, ai_assistant])
def test_every_public_name_has_a_docstring(module):
    for name, obj in vars(module).items():
        if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
            continue
        assert inspect.getdoc(obj), f"{module.__name__}.{name} lacks a docstring"
