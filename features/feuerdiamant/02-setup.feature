Feature: Game setup
  Transcribes the rulebook section "Game Setup" ("Setting Up the Game" and
  "Components Not Used Without the App"). The shuffles of the set-up are chance
  moves played right after a new game starts.

  @FD-SET-01
  Rule: The difficulty level from 1 to 5 is the start space of all four hazard indicators
    Source: Game Setup ¶14

    Scenario Outline: indicators start on the difficulty
      Given a new 3-player game at difficulty <level>
      When the deal is completed
      Then every hazard indicator stands on space <level>

      Examples:
        | level |
        | 1     |
        | 2     |
        | 3     |
        | 4     |
        | 5     |

    Example: there is no difficulty 6
      Then starting a game for 2 players at difficulty 6 is refused as bad_request

  @FD-SET-02
  Rule: Every player's figure starts on the Central Office; with fewer than four players the unused figures stay in the box
    Source: Game Setup ¶17

    Example: three players bring three figures
      Given a 3-player game at difficulty 2
      Then 3 figures stand on "Zentrale"

    Example: two players bring two figures
      Given a 2-player game at difficulty 2
      Then 2 figures stand on "Zentrale"

  @FD-SET-03
  Rule: The 28 event tokens are shuffled and laid face up, one on each exclamation space of the hazard tracks
    Source: Game Setup ¶18

    Example: the deal starts with the event tokens, and every one ends face up
      Given a new 4-player game at difficulty 1
      Then chance is to place an event token
      When the deal is completed
      Then 28 event tokens lie face up on the hazard tracks

  @FD-SET-04
  Rule: The 6 obstacle tokens wait face down beside the board
    Source: Game Setup ¶19

    Example: all six obstacle tokens are beside the board, none on it
      Given a 2-player game at difficulty 1
      Then 6 obstacle tokens lie face down beside the board
      And no obstacle lies on "Jachthafen"

  @FD-SET-05
  Rule: The 9 person cards are shuffled and one lies face down on every location except the Central Office, each with a face-down clue card
    Source: Game Setup ¶12, ¶20

    Example: nine locations, each with one hidden person and one hidden clue
      Given a 2-player game at difficulty 1
      Then every location but "Zentrale" holds a face-down person card and a face-down clue card
      And no view shows a face-down card

  @FD-SET-06
  Rule: One clue card is set aside unseen at the start; the others not on the board form the clue stack
    Source: Game Idea ¶6; End of the Game ¶75

    Example: one clue set aside, fourteen in the stack
      Given a 2-player game at difficulty 1
      Then one clue card is set aside unseen and 14 clue cards form the stack

  @FD-SET-07
  Rule: Without the app, the 24 clue cards with a silhouette and the 12 suspect chips stay in the box; 24 clue cards are in play
    Source: Game Setup ¶21-24

    Example: 1 set aside, 9 on the board and 14 in the stack make 24
      Given a 2-player game at difficulty 1
      Then one clue card is set aside unseen and 14 clue cards form the stack
      And every location but "Zentrale" holds a face-down person card and a face-down clue card
