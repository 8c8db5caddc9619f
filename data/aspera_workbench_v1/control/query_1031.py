# Hey, [Assistant], how many people in the Finance team joined the company this year?
def count_finance_joiners_this_year(world) -> int:
    """Count the members of the Finance team whose joining date falls in the
    current calendar year."""
    return sum(
        1
        for person in world.employees
        if person["team"] == "finance" and person["joined_date"].year == world.now.year
    )
