"""Reading player lists: CSV in any usual encoding and delimiter, XLSX, Russian and English
headers, and an error on each row that cannot be imported."""

import io

import openpyxl
import pytest

from referee.tournaments.importing import Person, check_duplicates, read_players


def xlsx(rows, *, sheets=1):
    book = openpyxl.Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    for n in range(1, sheets):
        book.create_sheet(f"Sheet {n + 1}")
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def values(preview):
    return [(r.name, r.city, r.club, r.rating, r.federation_id) for r in preview.rows]


RUSSIAN = "ФИО;Город;Клуб;Рейтинг;ID ФСПР\nЁлкин Фёдор;Санкт-Петербург;Мизер;1 520,5;77-01\n"


def test_a_semicolon_csv_with_russian_headers_in_utf8():
    preview = read_players(RUSSIAN.encode("utf-8"), "list.csv")
    assert preview.error == ""
    assert values(preview) == [("Ёлкин Фёдор", "Санкт-Петербург", "Мизер", "1520.5", "77-01")]
    assert preview.rows[0].line == 2


def test_a_utf8_file_with_a_byte_order_mark():
    preview = read_players(RUSSIAN.encode("utf-8-sig"), "list.csv")
    assert values(preview)[0][0] == "Ёлкин Фёдор"


def test_a_cp1251_file_is_read_and_says_so():
    preview = read_players(RUSSIAN.encode("cp1251"), "list.csv")
    assert values(preview) == [("Ёлкин Фёдор", "Санкт-Петербург", "Мизер", "1520.5", "77-01")]
    assert any("1251" in note for note in preview.notes)


def test_a_comma_csv_with_english_headers_and_quoted_commas():
    text = 'Name,City,Rating,Federation ID\n"Smith, John",London,1400,9\nAnna Lee,Leeds,,\n'
    preview = read_players(text.encode(), "list.csv")
    assert values(preview) == [
        ("Smith, John", "London", "", "1400", "9"),
        ("Anna Lee", "Leeds", "", "", ""),
    ]


def test_a_utf16_tab_separated_export_from_excel():
    text = "Имя\tГород\r\nВера Дроздова\tКазань\r\n"
    preview = read_players(text.encode("utf-16"), "list.txt")
    assert values(preview) == [("Вера Дроздова", "Казань", "", "", "")]


def test_surname_first_name_and_patronymic_columns_make_the_name():
    text = "Фамилия;Имя;Отчество;Город\nИванов;Иван;Иванович;Тула\n"
    preview = read_players(text.encode(), "list.csv")
    assert preview.rows[0].name == "Иванов Иван Иванович"


def test_unknown_columns_are_ignored_with_a_note():
    text = "№;ФИО;Телефон\n1;Вера Дроздова;+7 900\n"
    preview = read_players(text.encode(), "list.csv")
    assert preview.rows[0].name == "Вера Дроздова"
    assert preview.notes == ["Columns ignored: №, Телефон."]


def test_a_title_above_the_header_row_is_skipped():
    text = "Список участников\n\nФИО;Город\nВера Дроздова;Казань\n"
    preview = read_players(text.encode(), "list.csv")
    assert values(preview) == [("Вера Дроздова", "Казань", "", "", "")]
    assert preview.rows[0].line == 4


def test_a_list_without_a_name_column_is_refused():
    preview = read_players("Город;Клуб\nКазань;Мизер\n".encode(), "list.csv")
    assert "No column with the players' names" in preview.error
    assert preview.rows == []


def test_a_row_without_a_name_has_an_error():
    preview = read_players("ФИО;Город\n;Казань\nВера;Казань\n".encode(), "list.csv")
    assert preview.rows[0].errors == ["The name is missing."]
    assert preview.rows[1].valid


def test_a_rating_that_is_not_a_number_has_an_error():
    preview = read_players("ФИО;Рейтинг\nВера;высокий\n".encode(), "list.csv")
    assert preview.rows[0].errors == ["The rating высокий is not a number."]


def test_a_rating_too_large_for_the_field_has_an_error():
    preview = read_players("ФИО;Рейтинг\nВера;10000000\n".encode(), "list.csv")
    assert preview.rows[0].errors == ["The rating 10000000 is too large."]


def test_a_name_longer_than_the_field_has_an_error():
    preview = read_players(("ФИО\n" + "Я" * 201 + "\n").encode(), "list.csv")
    assert preview.rows[0].errors == ["Name is longer than 200 characters."]


def test_empty_lines_are_skipped():
    preview = read_players("ФИО\n\nВера\n;\nОлег\n".encode(), "list.csv")
    assert [r.name for r in preview.rows] == ["Вера", "Олег"]


def test_a_formula_like_name_in_csv_is_kept_as_text():
    text = 'ФИО;Город\n"=HYPERLINK(""http://evil"",""x"")";Казань\n+7 900;Тула\n'
    preview = read_players(text.encode(), "list.csv")
    assert preview.rows[0].name == '=HYPERLINK("http://evil","x")'
    assert preview.rows[1].name == "+7 900"
    assert all(row.valid for row in preview.rows)


def test_an_xlsx_workbook_with_russian_headers():
    content = xlsx(
        [
            ["ФИО", "Город", "Клуб", "Рейтинг", "ID ФСПР"],
            ["Ёлкин Фёдор", "Санкт-Петербург", "Мизер", 1520.5, 7701],
            ["Вера Дроздова", "Казань", None, None, None],
        ]
    )
    preview = read_players(content, "list.xlsx")
    assert values(preview) == [
        ("Ёлкин Фёдор", "Санкт-Петербург", "Мизер", "1520.5", "7701"),
        ("Вера Дроздова", "Казань", "", "", ""),
    ]


def test_an_xlsx_formula_in_the_name_column_is_kept_as_its_text():
    content = xlsx([["Имя", "Город"], ['=HYPERLINK("http://evil","x")', "Казань"]])
    preview = read_players(content, "list.xlsx")
    assert preview.rows[0].name == '=HYPERLINK("http://evil","x")'
    assert preview.rows[0].valid


def test_an_xlsx_file_is_recognised_without_its_extension():
    preview = read_players(xlsx([["name"], ["Anna"]]), "upload")
    assert preview.rows[0].name == "Anna"


def test_only_the_first_sheet_is_read_and_the_note_says_so():
    preview = read_players(xlsx([["name"], ["Anna"]], sheets=2), "list.xlsx")
    assert [r.name for r in preview.rows] == ["Anna"]
    assert preview.notes == ["Only the first sheet (Sheet) is read."]


def test_a_broken_xlsx_file_is_refused_not_crashed_on():
    preview = read_players(b"PK\x03\x04 not really a zip", "list.xlsx")
    assert preview.error == "The file is not a readable XLSX workbook."


def test_an_old_xls_file_is_refused_with_advice():
    preview = read_players(b"\xd0\xcf\x11\xe0" + b"\0" * 100, "list.xls")
    assert "save as XLSX or CSV" in preview.error


# -- duplicates ----------------------------------------------------------------------------


def test_a_row_repeating_an_earlier_row_has_an_error():
    preview = read_players("ФИО;Город\nВера Дроздова;Казань\nвера  дроздова;\n".encode(), "x.csv")
    check_duplicates(preview.rows)
    assert preview.rows[0].valid
    assert preview.rows[1].errors == ["The same player as line 2."]


def test_a_row_repeating_a_registered_player_has_an_error():
    preview = read_players("ФИО;Город\nЕлкин Федор;Москва\n".encode(), "x.csv")
    check_duplicates(preview.rows, [Person("Ёлкин Фёдор", "Москва")])
    assert preview.rows[0].errors == ["Ёлкин Фёдор is already registered."]


def test_the_same_federation_id_is_the_same_player_whatever_the_name():
    preview = read_players("ФИО;ID ФСПР\nФ. Ёлкин;77-01\n".encode(), "x.csv")
    check_duplicates(preview.rows, [Person("Ёлкин Фёдор", "", "77-01")])
    assert preview.rows[0].errors == ["Ёлкин Фёдор is already registered."]


def test_namesakes_with_different_federation_ids_are_two_players():
    preview = read_players("ФИО;ID ФСПР\nИван Петров;1\nИван Петров;2\n".encode(), "x.csv")
    check_duplicates(preview.rows, [Person("Иван Петров", "", "3")])
    assert all(row.valid for row in preview.rows)


def test_a_federation_id_of_a_player_with_another_name_has_an_error():
    preview = read_players("ФИО;ID ФСПР\nМария Орлова;501\n".encode(), "x.csv")
    check_duplicates(preview.rows, [], {"501": "Олег Носов"})
    assert preview.rows[0].errors == ["Federation id 501 belongs to Олег Носов."]


@pytest.mark.parametrize("delimiter", [";", ",", "\t"])
def test_the_delimiter_is_found_from_the_header(delimiter):
    text = delimiter.join(["name", "city"]) + "\n" + delimiter.join(["Anna", "Leeds"]) + "\n"
    assert values(read_players(text.encode(), "x.csv")) == [("Anna", "Leeds", "", "", "")]
